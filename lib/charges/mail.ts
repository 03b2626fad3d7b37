import "server-only";
import { toBuffer } from "qrcode";
import type { Locale } from "@/lib/i18n/config";
import { translator } from "@/lib/i18n/server";
import { escapeHtml } from "@/lib/mail/html";
import type { MailAttachment, MailMessage } from "@/lib/mail/smtp";
import { formatBrazilDay } from "@/lib/pix/date-input";
import { formatBRL } from "@/lib/pix/money";
import type { Charge } from "./answers";
import { renderChargePdf } from "./pdf";
import type { ChargeIssuer } from "./service";

/** Why the payer gets the e-mail: a person sent it, or a reminder before or on the due day. */
export type ChargeMailKind = "charge" | "reminder" | "dueToday";

/** The cid the HTML part shows the QR code by. */
export const CHARGE_QR_CID = "charge-qrcode@pix-backoffice";

/**
 * The e-mail a payer gets for a charge, in the payer's language: who asks, how much, the due date
 * (dd/mm/aaaa), the code to copy, the QR code as an inline image (cid), the link when there is
 * one, and the charge's PDF attached. Every value from a person is escaped in the HTML part.
 */
export async function chargeEmail(
  charge: Charge & { payer_email: string },
  o: { locale: Locale; issuer: ChargeIssuer; kind: ChargeMailKind; issuedAt?: Date },
): Promise<MailMessage> {
  const t = translator(o.locale);
  const values = {
    company: o.issuer?.name ?? t("charges.mail.companyFallback"),
    value: formatBRL(charge.value_cents),
    due: formatBrazilDay(charge.due_date),
    reference: charge.external_reference,
  };
  const subject = t(`charges.mail.subject.${o.kind}`, values);
  const intro = t(`charges.mail.intro.${o.kind}`, values);
  const greeting = t("charges.mail.greeting", { name: charge.payer_name });
  const facts: Array<[string, string]> = [
    [t("charges.mail.value"), values.value],
    [t("charges.mail.due"), values.due],
    [t("charges.mail.reference"), charge.external_reference],
    ...(charge.description ? ([[t("charges.mail.description"), charge.description]] as Array<[string, string]>) : []),
  ];
  const link = charge.payment_link && /^https?:\/\//i.test(charge.payment_link) ? charge.payment_link : null;

  const text = [
    greeting,
    "",
    intro,
    "",
    ...facts.map(([k, v]) => `${k}: ${v}`),
    ...(charge.content ? ["", t("charges.mail.code"), charge.content] : []),
    ...(link ? ["", `${t("charges.mail.link")}: ${link}`] : []),
    "",
    t("charges.mail.attached"),
    t("charges.mail.ignore"),
  ].join("\n");

  const attachments: MailAttachment[] = [];
  if (charge.content) {
    const png = await toBuffer(charge.content, { type: "png", errorCorrectionLevel: "M", margin: 2, scale: 6 });
    attachments.push({ filename: "qrcode.png", content: png, contentType: "image/png", cid: CHARGE_QR_CID });
  }
  const pdf = await renderChargePdf(charge, { locale: o.locale, issuer: o.issuer, issuedAt: o.issuedAt });
  const pdfName = `${t("charges.pdf.fileName")}_${charge.external_reference.replace(/[^0-9A-Za-z-]/g, "")}.pdf`;
  attachments.push({ filename: pdfName, content: pdf, contentType: "application/pdf" });

  const rows = facts.map(([k, v]) => `<tr><td style="padding:2px 12px 2px 0;color:#4b5563">${escapeHtml(k)}</td><td style="padding:2px 0"><strong>${escapeHtml(v)}</strong></td></tr>`).join("");
  const html = [
    `<!doctype html><html lang="${o.locale}"><body style="font-family:Arial,Helvetica,sans-serif;color:#111827">`,
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<table role="presentation">${rows}</table>`,
    ...(charge.content
      ? [
          `<p><img src="cid:${CHARGE_QR_CID}" width="220" height="220" alt="${escapeHtml(t("charges.mail.qrAlt"))}"></p>`,
          `<p><strong>${escapeHtml(t("charges.mail.code"))}</strong><br><code style="word-break:break-all">${escapeHtml(charge.content)}</code></p>`,
        ]
      : []),
    ...(link ? [`<p><a href="${escapeHtml(link)}">${escapeHtml(t("charges.mail.link"))}</a></p>`] : []),
    `<p style="color:#4b5563">${escapeHtml(t("charges.mail.attached"))}<br>${escapeHtml(t("charges.mail.ignore"))}</p>`,
    `</body></html>`,
  ].join("\n");

  return { to: charge.payer_email, subject, text, html, attachments };
}
