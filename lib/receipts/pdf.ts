import PDFDocument from "pdfkit";
import type { Locale } from "@/lib/i18n/config";
import { translator, type Translator } from "@/lib/i18n/server";
import { concealDocument, concealPixKey } from "@/lib/pix/conceal";
import { formatAccount, formatAgency } from "@/lib/pix/bank";
import { formatBRL } from "@/lib/pix/money";
import { amountInWords } from "@/lib/pix/money-words";
import { formatBrazilDateTime } from "@/lib/pix/time";
import { toWinAnsi } from "@/lib/export/win-ansi";
import { bankName, initiationOf, payerInstitution, type ReceiptData } from "./receipt-data";

// pdfkit: maintained, draws text with line wrapping and real PDF text (searchable, extractable),
// and streams; pdf-lib has no text layout and no release since 2021; @react-pdf would bring React
// and a layout engine onto the server for one page of text.

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = 56;
const CONTENT = PAGE.width - 2 * MARGIN;
const LABEL_WIDTH = 170;
const VALUE_X = MARGIN + LABEL_WIDTH;
const VALUE_WIDTH = CONTENT - LABEL_WIDTH;
const COLORS = { brand: "#0f766e", brandDark: "#115e59", text: "#111827", muted: "#4b5563", rule: "#d1d5db", band: "#ecfdf7" };
// The standard PDF fonts (nothing to embed: a receipt is a few kB); they draw Windows-1252 only,
// so every text goes through toWinAnsi and a name in another script cannot break the file.
const FONT = { regular: "Helvetica", bold: "Helvetica-Bold" };

type Doc = InstanceType<typeof PDFDocument>;

/** The comprovante's authentication code (lib/receipts/authentication.ts) and the public page that checks it. */
export type ReceiptAuthentication = { code: string; verifyUrl: string };

/** "21/11/2026" and "09:15:02" of an instant, in Brazil time. */
function brazilDateAndTime(at: string | Date): { date: string; time: string } {
  const [date = "", time = ""] = formatBrazilDateTime(at).split(" ");
  return { date, time };
}

function write(doc: Doc, text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}): void {
  doc.text(toWinAnsi(text), x, y, { lineBreak: true, ...options });
}

function section(doc: Doc, title: string): void {
  doc.moveDown(0.9);
  const y = doc.y;
  doc.font(FONT.bold).fontSize(10).fillColor(COLORS.brandDark);
  write(doc, title.toUpperCase(), MARGIN, y, { width: CONTENT, characterSpacing: 0.6 });
  const ruleY = doc.y + 3;
  doc.moveTo(MARGIN, ruleY).lineTo(MARGIN + CONTENT, ruleY).lineWidth(0.6).strokeColor(COLORS.rule).stroke();
  doc.y = ruleY + 7;
}

/** A label and its value on one line (the value wraps within its column). */
function field(doc: Doc, label: string, value: string | null | undefined, options: { mono?: boolean; link?: string } = {}): void {
  if (value === null || value === undefined || value.trim() === "") return;
  const y = doc.y;
  doc.font(FONT.regular).fontSize(9.5).fillColor(COLORS.muted);
  write(doc, label, MARGIN, y, { width: LABEL_WIDTH - 12 });
  const labelBottom = doc.y;
  doc.font(options.mono ? "Courier" : FONT.regular).fontSize(options.mono ? 9.5 : 10.5).fillColor(options.link ? COLORS.brand : COLORS.text);
  write(doc, value, VALUE_X, y, { width: VALUE_WIDTH, link: options.link, underline: Boolean(options.link) });
  doc.y = Math.max(labelBottom, doc.y) + 4;
}

function header(doc: Doc, t: Translator, data: ReceiptData): void {
  doc.rect(0, 0, PAGE.width, 92).fill(COLORS.brand);
  doc.font(FONT.bold).fontSize(17).fillColor("#ffffff");
  write(doc, t("receipts.title"), MARGIN, 30, { width: CONTENT });
  doc.font(FONT.regular).fontSize(10.5).fillColor("#d1faec");
  write(doc, data.payer.name, MARGIN, 55, { width: CONTENT, ellipsis: true, height: 14 });
  doc.y = 92;
}

function amountBlock(doc: Doc, t: Translator, locale: Locale, data: ReceiptData): void {
  const top = 112;
  doc.rect(MARGIN, top, CONTENT, 112).fill(COLORS.band);
  doc.font(FONT.regular).fontSize(10).fillColor(COLORS.brandDark);
  write(doc, t("receipts.kind"), MARGIN + 16, top + 14, { width: CONTENT - 32 });
  doc.font(FONT.bold).fontSize(26).fillColor(COLORS.text);
  write(doc, formatBRL(data.amountCents), MARGIN + 16, top + 30, { width: CONTENT - 32 });
  doc.font("Helvetica-Oblique").fontSize(9.5).fillColor(COLORS.muted);
  write(doc, `${t("receipts.amountInWords")}: ${amountInWords(data.amountCents, locale)}`, MARGIN + 16, top + 64, { width: CONTENT - 32 });
  const paid = brazilDateAndTime(data.paidAt);
  doc.font(FONT.regular).fontSize(10).fillColor(COLORS.text);
  const when = t("receipts.paidAtValue", { date: paid.date, time: paid.time, zone: t("common.brazilTime") });
  write(doc, `${t("receipts.paidAt")}: ${when}`, MARGIN + 16, Math.max(doc.y + 4, top + 88), { width: CONTENT - 32 });
  doc.y = Math.max(doc.y, top + 112) + 4;
}

/** "Itaú Unibanco (ISPB 60701190)", the ISPB alone when the participant is not in the list. */
function institution(name: string | null, ispb: string | null): string | null {
  return name && ispb ? `${name} (ISPB ${ispb})` : (name ?? (ispb ? `ISPB ${ispb}` : null));
}

function receiverBlock(doc: Doc, t: Translator, data: ReceiptData): void {
  const r = data.receiver;
  section(doc, t("receipts.sections.receiver"));
  field(doc, t("receipts.fields.name"), r.name);
  field(doc, t("glossary.document"), concealDocument(r.document));
  field(doc, t("receipts.fields.initiation"), t(`glossary.initiation.${initiationOf(data)}`));
  if (r.pixKey) {
    const type = t(`glossary.keyTypes.${r.pixKey.type}`);
    field(doc, t("receipts.fields.pixKey", { type }), concealPixKey(r.pixKey.type, r.pixKey.key));
  }
  if (r.bank) {
    field(doc, t("receipts.fields.institution"), institution(bankName(r.bank), r.bank.ispb));
    field(doc, t("glossary.agency"), formatAgency(r.bank.agency));
    field(doc, t("glossary.account"), formatAccount(r.bank.account));
    field(doc, t("glossary.accountType"), r.bank.accountType ? t(`glossary.accountTypes.${r.bank.accountType}`) : null);
  }
}

function footer(doc: Doc, t: Translator, issuedAt: Date): void {
  const issued = brazilDateAndTime(issuedAt);
  const lines = [t("receipts.issuedAt", { date: issued.date, time: issued.time, zone: t("common.brazilTime") }), t("receipts.privacy")];
  const y = PAGE.height - MARGIN - 26;
  doc.moveTo(MARGIN, y - 8).lineTo(MARGIN + CONTENT, y - 8).lineWidth(0.6).strokeColor(COLORS.rule).stroke();
  doc.font(FONT.regular).fontSize(8.5).fillColor(COLORS.muted);
  write(doc, lines.join(" "), MARGIN, y, { width: CONTENT });
}

/**
 * The comprovante as a one-page A4 PDF, in the reader's language (pt-BR by default): who paid,
 * who received (document and key concealed), how much in figures and in words, when (Brazil
 * time), and the ids that find the Pix anywhere (end_to_end at any bank, reference_code at the
 * provider, idempotent_id here). `issuedAt` is printed in the footer (tests pass a fixed one).
 */
export async function renderReceiptPdf(data: ReceiptData, options: { locale: Locale; issuedAt?: Date; authentication: ReceiptAuthentication }): Promise<Uint8Array> {
  const t = translator(options.locale);
  const issuedAt = options.issuedAt ?? new Date();
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, bottom: 0, left: MARGIN, right: MARGIN },
    lang: options.locale,
    displayTitle: true,
    info: {
      Title: toWinAnsi(`${t("receipts.title")} ${data.endToEnd}`),
      Author: toWinAnsi(data.payer.name),
      Subject: toWinAnsi(t("receipts.title")),
      CreationDate: issuedAt,
      ModDate: issuedAt,
    },
  });
  const chunks: Uint8Array[] = [];
  const done = new Promise<void>((resolve, reject) => {
    doc.on("data", (chunk: Uint8Array) => chunks.push(chunk));
    doc.on("end", resolve);
    doc.on("error", reject);
  });

  header(doc, t, data);
  amountBlock(doc, t, options.locale, data);
  receiverBlock(doc, t, data);

  section(doc, t("receipts.sections.payer"));
  field(doc, t("receipts.fields.name"), data.payer.name);
  field(doc, t("glossary.document"), concealDocument(data.payer.document));
  const payerBank = payerInstitution(data.endToEnd);
  if (payerBank) field(doc, t("receipts.fields.institution"), institution(payerBank.name, payerBank.ispb));

  section(doc, t("receipts.sections.transaction"));
  field(doc, t("glossary.endToEnd"), data.endToEnd, { mono: true });
  field(doc, t("glossary.referenceCode"), data.referenceCode, { mono: true });
  field(doc, t("glossary.idempotentId"), data.idempotentId, { mono: true });
  // The description is the company's own note: it never reaches the provider nor the receiver's bank
  // (the registration has no such field), so a paper handed to the receiver does not print it.
  if (data.receiptUrl && /^https?:\/\//i.test(data.receiptUrl)) field(doc, t("receipts.providerReceipt"), data.receiptUrl, { link: data.receiptUrl });

  field(doc, t("receipts.fields.authentication"), options.authentication.code, { mono: true });
  field(doc, t("receipts.fields.verifyAt"), options.authentication.verifyUrl, { link: options.authentication.verifyUrl });

  footer(doc, t, issuedAt);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
