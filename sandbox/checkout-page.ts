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

/** The page's words for a charge's status (the provider's statuses, as a Brazilian payer reads them). */
const STATUS_WORDS: Record<string, string> = {
  awaiting_payment: "Aguardando pagamento",
  paid: "Pago",
  canceled: "Expirado",
  error: "Com erro",
};

const brazilTime = (ms: number) =>
  new Date(ms).toLocaleString("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit" });

/**
 * The public payment page a checkout's payment_link points to: amount, status, the QR code and its
 * text, and (the sandbox playing the payer's bank) a "Pagar" button that pays it as `/pay` does.
 * `refusal`: why the last "Pagar" was refused.
 */
export async function renderCheckout(q: QrcodeRecord, refusal?: string): Promise<string> {
  const open = q.status === "awaiting_payment";
  const image = open ? await toDataURL(q.content, { errorCorrectionLevel: "M", margin: 4, scale: 5 }) : null;
  const href = q.external_link ? returnHref(q.external_link) : null;
  const back = href ? `<p><a href="${escape(href)}">Voltar à loja</a></p>` : "";
  const status = STATUS_WORDS[q.status] ?? q.status;
  const paid = q.status === "paid" && q.paidAt !== null ? `<p data-testid="checkout-paid">Pagamento recebido em ${escape(brazilTime(q.paidAt))} (horário de Brasília).</p>` : "";
  const pay = open
    ? `<form method="post" action="/checkout/${encodeURIComponent(q.request_id ?? "")}/pay"><button type="submit" style="font-size:1.1rem;padding:.6rem 1.6rem">Pagar</button></form>`
    : "";
  const refused = refusal ? `<p role="alert">Pagamento recusado: ${escape(refusal)}</p>` : "";
  return (
    `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>Pagamento Pix (sandbox)</title><body style="font-family:system-ui,sans-serif;max-width:28rem;margin:1.5rem auto;padding:0 1rem">` +
    `<h1>Pagamento Pix (sandbox)</h1><p>${escape(q.generator_name ?? "")}</p>` +
    `<p><strong>${escape(brl(q.value_cents))}</strong> · <span data-testid="checkout-status">${escape(status)}</span></p>` +
    refused +
    paid +
    (image ? `<img alt="QR code Pix" src="${image}" style="max-width:100%"><p><code style="word-break:break-all">${escape(q.content)}</code></p>` : "") +
    pay +
    back +
    `</body></html>`
  );
}
