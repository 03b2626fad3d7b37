import { stringify } from "csv-stringify/sync";
import type { Locale } from "@/lib/i18n/config";
import { BATCH_COLUMNS, PORTUGUESE_HEADERS } from "./columns";
import type { BatchCells } from "./rows";

/** A UTF-8 byte order mark: Brazilian Excel reads the file as UTF-8 only when it is there. */
const BOM = "\uFEFF";

/**
 * The example rows, in the words each language's header goes with. Amounts and documents are
 * Brazilian in both (formats never follow the language). The phone is written "(11) ..." rather
 * than "+55 ...": Excel would take a leading "+" for a formula. Every row passes validation.
 */
const EXAMPLES: Record<Locale, BatchCells[]> = {
  "pt-BR": [
    { amount: "1.250,00", pix_key_type: "celular", pix_key: "(11) 91234-5678", receiver_name: "Maria da Conceição Souza", receiver_document: "529.982.247-25" },
    { amount: "350,75", pix_key_type: "e-mail", pix_key: "financeiro@fornecedor.com.br", receiver_name: "Fornecedor Exemplo Ltda", receiver_document: "11.222.333/0001-81", idempotent_id: "nf-2026-0001", description: "Nota fiscal 0001" },
    { amount: "2.000,00", receiver_name: "João Pereira", receiver_document: "111.444.777-35", bank_ispb: "60701190", agency: "1234", account: "12345-6", account_type: "corrente" },
  ],
  en: [
    { amount: "1.250,00", pix_key_type: "phone", pix_key: "(11) 91234-5678", receiver_name: "Maria da Conceição Souza", receiver_document: "529.982.247-25" },
    { amount: "350,75", pix_key_type: "email", pix_key: "financeiro@fornecedor.com.br", receiver_name: "Fornecedor Exemplo Ltda", receiver_document: "11.222.333/0001-81", idempotent_id: "nf-2026-0001", description: "Invoice 0001" },
    { amount: "2.000,00", receiver_name: "João Pereira", receiver_document: "111.444.777-35", bank_ispb: "60701190", agency: "1234", account: "12345-6", account_type: "checking" },
  ],
};

/**
 * The batch template in the Brazilian Excel dialect (`;`, CRLF, UTF-8 BOM): every column, headers
 * in Portuguese for pt-BR and by our names for English, and a Pix key row, a row with its own
 * id and a description, and a bank account row (the saved receiver and cost centre columns are
 * left blank: their values are each company's own). Whatever it says is read back by `parseBatchFile` as it is.
 */
export function batchTemplateCsv(locale: Locale): string {
  const header = BATCH_COLUMNS.map((column) => (locale === "pt-BR" ? PORTUGUESE_HEADERS[column] : column));
  const rows = EXAMPLES[locale].map((cells) => BATCH_COLUMNS.map((column) => cells[column] ?? ""));
  return BOM + stringify([header, ...rows], { delimiter: ";", record_delimiter: "\r\n" });
}
