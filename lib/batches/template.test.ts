import { describe, expect, it } from "vitest";
import { LOCALES } from "@/lib/i18n/config";
import { parseBatchFile } from "./parse";
import { batchTemplateCsv } from "./template";
import { validateBatchRows } from "./validate";

describe("batchTemplateCsv", () => {
  it.each(LOCALES)("%s: the Brazilian Excel dialect (BOM, ;, CRLF) with every column", (locale) => {
    const text = batchTemplateCsv(locale);
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines.at(-1)).toBe("");
    expect(lines[0]).toBe(
      locale === "pt-BR"
        ? "valor;tipo_chave;chave;nome;documento;id;ispb;agencia;conta;tipo_conta;favorecido;descricao;centro_de_custo"
        : "amount;pix_key_type;pix_key;receiver_name;receiver_document;idempotent_id;bank_ispb;agency;account;account_type;receiver_nickname;description;cost_centre",
    );
    expect(lines.slice(1, -1).every((line) => line.split(";").length === 13)).toBe(true);
  });

  it.each(LOCALES)("%s: read back, every example row is valid (a key row, a row with its own id, a bank row)", async (locale) => {
    const reading = await parseBatchFile(new TextEncoder().encode(batchTemplateCsv(locale)), { contentType: "text/csv" });
    if (!reading.ok) throw new Error(JSON.stringify(reading.problem));
    expect(reading.delimiter).toBe(";");
    const { rows, totals } = await validateBatchRows(reading.rows, { batchId: "template", isIdUsed: async () => new Set() });
    expect(rows.map((r) => r.errors ?? [])).toEqual([[], [], []]);
    expect(rows.map((r) => r.transfer?.initiation_type)).toEqual(["dict", "dict", "manual"]);
    expect(rows[1]?.idempotent_id).toBe("nf-2026-0001");
    expect(rows[1]?.state === "valid" && rows[1].payable.description).toBe(locale === "pt-BR" ? "Nota fiscal 0001" : "Invoice 0001");
    expect(totals).toEqual({ rows: 3, valid: 3, invalid: 0, total_cents: 125000 + 35075 + 200000 });
  });
});
