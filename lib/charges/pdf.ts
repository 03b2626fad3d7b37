import "server-only";
import PDFDocument from "pdfkit";
import { toBuffer } from "qrcode";
import type { Locale } from "@/lib/i18n/config";
import { translator } from "@/lib/i18n/server";
import { toWinAnsi } from "@/lib/export/win-ansi";
import { formatBrazilDay } from "@/lib/pix/date-input";
import { formatDocument } from "@/lib/pix/document";
import { formatBRL } from "@/lib/pix/money";
import { formatBrazilDateTime } from "@/lib/pix/time";
import type { Charge } from "./answers";
import type { ChargeIssuer } from "./service";

// pdfkit, as the comprovantes (lib/receipts/pdf.ts): real text, standard fonts, a few kB.
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const CONTENT = PAGE.width - 2 * MARGIN;
const COLORS = { brand: "#0f766e", text: "#111827", muted: "#4b5563", band: "#ecfdf7" };
const QR_SIZE = 200;

type Doc = InstanceType<typeof PDFDocument>;

function write(doc: Doc, text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}): void {
  doc.text(toWinAnsi(text), x, y, { lineBreak: true, ...options });
}

/**
 * The charge as a one-page A4 PDF a customer can pay from, in the reader's language (pt-BR by
 * default): who asks (our company), who pays, how much and by when, the QR code, the code to copy
 * and the payment link. `issuedAt` is printed in the footer (tests pass a fixed one).
 */
export async function renderChargePdf(charge: Charge, options: { locale: Locale; issuer: ChargeIssuer; issuedAt?: Date }): Promise<Uint8Array> {
  const t = translator(options.locale);
  const issuedAt = options.issuedAt ?? new Date();
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, bottom: 0, left: MARGIN, right: MARGIN },
    lang: options.locale,
    displayTitle: true,
    info: { Title: toWinAnsi(`${t("charges.pdf.title")} ${charge.external_reference}`), CreationDate: issuedAt, ModDate: issuedAt },
  });
  const chunks: Uint8Array[] = [];
  const done = new Promise<void>((resolve, reject) => {
    doc.on("data", (chunk: Uint8Array) => chunks.push(chunk));
    doc.on("end", resolve);
    doc.on("error", reject);
  });

  doc.rect(0, 0, PAGE.width, 92).fill(COLORS.brand);
  doc.font("Helvetica-Bold").fontSize(17).fillColor("#ffffff");
  write(doc, t("charges.pdf.title"), MARGIN, 30, { width: CONTENT });
  doc.font("Helvetica").fontSize(10.5).fillColor("#d1faec");
  const from = options.issuer ? `${options.issuer.name} · ${formatDocument(options.issuer.document)}` : "";
  write(doc, from, MARGIN, 55, { width: CONTENT, ellipsis: true, height: 14 });

  const top = 112;
  doc.rect(MARGIN, top, CONTENT, 84).fill(COLORS.band);
  doc.font("Helvetica-Bold").fontSize(26).fillColor(COLORS.text);
  write(doc, formatBRL(charge.value_cents), MARGIN + 16, top + 14, { width: CONTENT - 32 });
  doc.font("Helvetica").fontSize(11).fillColor(COLORS.text);
  write(doc, t("charges.pdf.due", { date: formatBrazilDay(charge.due_date) }), MARGIN + 16, top + 50, { width: CONTENT - 32 });

  doc.font("Helvetica").fontSize(10.5).fillColor(COLORS.text);
  doc.y = top + 100;
  write(doc, `${t("charges.pdf.payer")}: ${charge.payer_name} · ${formatDocument(charge.payer_document)}`, MARGIN, doc.y, { width: CONTENT });
  write(doc, `${t("charges.pdf.reference")}: ${charge.external_reference}`, MARGIN, doc.y + 4, { width: CONTENT });
  if (charge.description) write(doc, charge.description, MARGIN, doc.y + 4, { width: CONTENT });

  if (charge.content) {
    const qrTop = doc.y + 16;
    const png = await toBuffer(charge.content, { type: "png", errorCorrectionLevel: "M", margin: 1, scale: 8 });
    doc.image(png, MARGIN, qrTop, { width: QR_SIZE, height: QR_SIZE });
    doc.font("Helvetica").fontSize(10).fillColor(COLORS.muted);
    write(doc, t("charges.pdf.scan"), MARGIN + QR_SIZE + 20, qrTop + 8, { width: CONTENT - QR_SIZE - 20 });
    doc.y = qrTop + QR_SIZE + 16;
    doc.font("Helvetica-Bold").fontSize(10).fillColor(COLORS.text);
    write(doc, t("charges.pdf.code"), MARGIN, doc.y, { width: CONTENT });
    doc.font("Courier").fontSize(8.5).fillColor(COLORS.text);
    write(doc, charge.content, MARGIN, doc.y + 4, { width: CONTENT });
  }
  if (charge.payment_link && /^https?:\/\//i.test(charge.payment_link)) {
    doc.font("Helvetica-Bold").fontSize(10).fillColor(COLORS.text);
    write(doc, t("charges.pdf.link"), MARGIN, doc.y + 12, { width: CONTENT });
    doc.font("Helvetica").fontSize(10).fillColor(COLORS.brand);
    write(doc, charge.payment_link, MARGIN, doc.y + 4, { width: CONTENT, link: charge.payment_link, underline: true });
  }

  doc.font("Helvetica").fontSize(8.5).fillColor(COLORS.muted);
  const expires = formatBrazilDateTime(charge.expires_at);
  write(doc, t("charges.pdf.footer", { expires, issued: formatBrazilDateTime(issuedAt) }), MARGIN, PAGE.height - MARGIN - 26, { width: CONTENT });
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
