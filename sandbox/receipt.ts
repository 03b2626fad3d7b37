import { formatProviderDateTime } from "@/lib/pix";
import type { PaymentRecord } from "./types";

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const brl = (cents: number) =>
  `R$ ${(cents / 100).toLocaleString("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The small public receipt page a webhook's receipt_url points to. */
export function renderReceipt(p: PaymentRecord): string {
  const rows: [string, string][] = [
    ["Status", p.status],
    ["Valor", brl(p.value_cents)],
    ["Recebedor", p.receiver_name],
    ["Documento", p.receiver_document],
    ["Instituição", p.receiver_bank_name ?? "-"],
    ["Registrado em", formatProviderDateTime(new Date(p.registeredAt))],
    ["Pago em", p.paidAt ? formatProviderDateTime(new Date(p.paidAt)) : "-"],
    ["End-to-end", p.end_to_end ?? "-"],
    ["Código de referência", p.reference_code],
  ];
  const body = rows.map(([k, v]) => `<tr><th>${escape(k)}</th><td>${escape(v)}</td></tr>`).join("");
  return `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Comprovante Pix (sandbox)</title><h1>Comprovante Pix (sandbox)</h1><table>${body}</table></html>`;
}
