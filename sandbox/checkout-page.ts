import { toDataURL } from "qrcode";
import type { QrcodeRecord } from "./types";

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const brl = (cents: number) =>
  `R$ ${(cents / 100).toLocaleString("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The partner's return address as a link: "johndoepage.com" (the documentation's example) reads as https; other schemes are not linked. */
function returnHref(link: string): string | null {
  const href = /^[a-z][a-z0-9+.-]*:/i.test(link) ? link : `https://${link}`;
  return /^https?:\/\//i.test(href) ? href : null;
}

/** The public payment page a checkout's payment_link points to: amount, status, the QR code and its text. */
export async function renderCheckout(q: QrcodeRecord): Promise<string> {
  const image = q.status === "awaiting_payment" ? await toDataURL(q.content, { errorCorrectionLevel: "M", margin: 4, scale: 5 }) : null;
  const href = q.external_link ? returnHref(q.external_link) : null;
  const back = href ? `<p><a href="${escape(href)}">Voltar à loja</a></p>` : "";
  return (
    `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Pagamento Pix (sandbox)</title>` +
    `<h1>Pagamento Pix (sandbox)</h1><p>${escape(q.generator_name ?? "")}</p><p><strong>${escape(brl(q.value_cents))}</strong> · ${escape(q.status)}</p>` +
    (image ? `<img alt="QR code Pix" src="${image}"><p><code>${escape(q.content)}</code></p>` : "") +
    back +
    `</html>`
  );
}
