import type { AccountTypeCode, PixKeyType } from "@/lib/contract/enums";
import { searchKey } from "@/lib/pix/text";

/**
 * The columns of a batch file, by our names (the request body's, shortened for the bank data).
 * Client-safe: no I/O, no parser.
 */
export const BATCH_COLUMNS = [
  "amount",
  "pix_key_type",
  "pix_key",
  "receiver_name",
  "receiver_document",
  "idempotent_id",
  "bank_ispb",
  "agency",
  "account",
  "account_type",
  "receiver_nickname",
  "description",
  "cost_centre",
] as const;
export type BatchColumn = (typeof BATCH_COLUMNS)[number];

export const KEY_COLUMNS = ["pix_key_type", "pix_key"] as const satisfies readonly BatchColumn[];
export const BANK_COLUMNS = ["bank_ispb", "agency", "account", "account_type"] as const satisfies readonly BatchColumn[];
/** The receiver's own data: a row may name a saved receiver by nickname instead. */
export const RECEIVER_COLUMNS = ["receiver_name", "receiver_document", ...KEY_COLUMNS, ...BANK_COLUMNS] as const satisfies readonly BatchColumn[];
export const ALWAYS_REQUIRED = ["amount", "receiver_name", "receiver_document"] as const satisfies readonly BatchColumn[];

/** The Portuguese header of each column: the pt-BR template's header row, and the name messages give beside ours. */
export const PORTUGUESE_HEADERS: Record<BatchColumn, string> = {
  amount: "valor",
  pix_key_type: "tipo_chave",
  pix_key: "chave",
  receiver_name: "nome",
  receiver_document: "documento",
  idempotent_id: "id",
  bank_ispb: "ispb",
  agency: "agencia",
  account: "conta",
  account_type: "tipo_conta",
  receiver_nickname: "favorecido",
  description: "descricao",
  cost_centre: "centro_de_custo",
};

/**
 * Other headers people write (compared after `headerKey`): the glossary's labels in both languages,
 * as a person copies them from the screen, and a few usual spreadsheet names.
 */
const MORE_HEADERS: Record<BatchColumn, readonly string[]> = {
  amount: ["value", "valor_r$", "valor_rs"],
  pix_key_type: ["tipo_de_chave", "tipo_chave_pix", "tipo_da_chave", "key_type"],
  pix_key: ["chave_pix", "key"],
  receiver_name: ["nome_do_recebedor", "nome_recebedor", "recebedor", "name", "receiver"],
  receiver_document: ["cpf_cnpj", "cpf_cnpj_do_recebedor", "documento_do_recebedor", "receiver_cpf_cnpj", "document"],
  idempotent_id: ["identificador", "id_do_parceiro", "id_parceiro", "partner_id"],
  bank_ispb: ["ispb_do_banco", "ispb_banco"],
  agency: ["branch"],
  account: ["numero_da_conta", "conta_com_digito"],
  account_type: ["tipo_de_conta", "tipo_da_conta"],
  receiver_nickname: ["apelido", "favorecido_salvo", "apelido_do_favorecido", "nickname", "saved_receiver"],
  description: ["historico", "description"],
  cost_centre: ["centro_custo", "cc", "cost_center", "cost_centre"],
};

/**
 * Columns a file may carry that are not read: the line and the reason of the errors file
 * (GET /api/batches/{id}/errors), so that file, corrected, can be uploaded again as it is.
 */
const INFORMATION_HEADERS = new Set(["linha", "line", "erro", "error", "motivo", "reason"]);

/** True for a header the reader skips (see INFORMATION_HEADERS). */
export function isInformationHeader(text: string): boolean {
  return INFORMATION_HEADERS.has(headerKey(text));
}

/** "Agência ", "Tipo de chave", "CPF/CNPJ" -> "agencia", "tipo_de_chave", "cpf_cnpj". */
function headerKey(text: string): string {
  return searchKey(text)
    .replace(/[\s\-./]+/g, "_")
    .replace(/_+/g, "_")
    .replace(/^_|_$/g, "");
}

const COLUMN_BY_HEADER = new Map<string, BatchColumn>(
  BATCH_COLUMNS.flatMap((column) =>
    [column, PORTUGUESE_HEADERS[column], ...MORE_HEADERS[column]].map((name) => [headerKey(name), column] as const),
  ),
);

/** The column a header cell names, or null. */
export function columnForHeader(text: string): BatchColumn | null {
  return COLUMN_BY_HEADER.get(headerKey(text)) ?? null;
}

/** 0 -> "A", 25 -> "Z", 26 -> "AA": how a spreadsheet names the column. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = "";
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** Compared after `labelKey`: accents, case, spaces, dashes and underscores do not matter. */
const KEY_TYPE_LABELS: Record<PixKeyType, readonly string[]> = {
  phone: ["phone", "celular", "telefone", "fone", "mobile", "tel"],
  email: ["email", "e-mail"],
  cpf: ["cpf"],
  cnpj: ["cnpj"],
  token: ["token", "evp", "aleatoria", "chave aleatória", "random", "random key"],
};

const ACCOUNT_TYPE_LABELS: Record<AccountTypeCode, readonly string[]> = {
  CACC: ["cacc", "corrente", "conta corrente", "cc", "checking", "checking account"],
  SVGS: ["svgs", "poupança", "conta poupança", "savings", "savings account"],
  SLRY: ["slry", "salário", "conta salário", "salary", "salary account"],
  TRAN: ["tran", "pagamento", "conta de pagamento", "conta pagamento", "payment", "payment account"],
};

function labelKey(text: string): string {
  return searchKey(text).replace(/[\s_\-.]+/g, "");
}

function labelMap<T extends string>(labels: Record<T, readonly string[]>): Map<string, T> {
  return new Map(
    (Object.entries(labels) as Array<[T, readonly string[]]>).flatMap(([value, names]) =>
      names.map((name) => [labelKey(name), value] as const),
    ),
  );
}

const KEY_TYPE_BY_LABEL = labelMap(KEY_TYPE_LABELS);
const ACCOUNT_TYPE_BY_LABEL = labelMap(ACCOUNT_TYPE_LABELS);

/** "Celular", "e-mail", "Chave aleatória", "EVP", "cpf" -> the contract's key type, or null. */
export function readPixKeyType(text: string): PixKeyType | null {
  return KEY_TYPE_BY_LABEL.get(labelKey(text)) ?? null;
}

/** "Corrente", "poupança", "SLRY", "conta de pagamento" -> the contract's account type code, or null. */
export function readAccountType(text: string): AccountTypeCode | null {
  return ACCOUNT_TYPE_BY_LABEL.get(labelKey(text)) ?? null;
}
