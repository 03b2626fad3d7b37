import "server-only";
import { inArray } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { neutralizeText } from "@/lib/pix/text";
import { charges, type ChargeRow } from "@/lib/db/schema";
import type { ChargeColumn } from "./columns";
import type { ChargeFileReading, ChargeRowProblem } from "./import";
import type { ChargeInput } from "./input";
import { sameCharge } from "./service";

/**
 * What an import would do with each row, decided before anything is made:
 * - `new`: a charge will be made;
 * - `existing`: its reference already names the same charge here (answered, not made again);
 * - `repeated`: an earlier line of the file has the same reference and terms (made once);
 * - `invalid`: never made, with the reason (the row's own problem, or its reference taken by
 *   other terms, here or on an earlier line).
 * The rules are the import's own: the same reading (`readChargeFile`) and the same terms rule
 * (`sameCharge`); only the provider's answer is left for the confirmation.
 */
export type ChargePreviewStatus = "new" | "existing" | "repeated" | "invalid";

export type ChargePreviewRow =
  | { line: number; status: "new" | "existing" | "repeated"; input: ChargeInput; chargeId: string | null; repeatOf: number | null }
  | { line: number; status: "invalid"; problem: Omit<ChargeRowProblem, "line" | "cells">; cells: Partial<Record<ChargeColumn, string>>; input: ChargeInput | null };

export async function previewChargeRows(db: Db, reading: Extract<ChargeFileReading, { ok: true }>): Promise<ChargePreviewRow[]> {
  const references = [...new Set(reading.rows.map((r) => r.input.externalReference))];
  const stored = references.length ? await db.select().from(charges).where(inArray(charges.externalReference, references)) : [];
  const byReference = new Map<string, ChargeRow>(stored.map((c) => [c.externalReference, c]));
  const firstInFile = new Map<string, { line: number; input: ChargeInput }>();
  const out: ChargePreviewRow[] = reading.errors.map((e) => ({
    line: e.line,
    status: "invalid" as const,
    problem: { message: e.message, values: e.values },
    cells: e.cells ?? {},
    input: null,
  }));
  for (const { line, input } of reading.rows) {
    const existing = byReference.get(input.externalReference);
    const earlier = firstInFile.get(input.externalReference);
    const taken = { message: "charges.errors.referenceTaken", values: { reference: input.externalReference } };
    if (existing) {
      out.push(sameCharge(existing, input) ? { line, status: "existing", input, chargeId: existing.id, repeatOf: null } : { line, status: "invalid", problem: taken, cells: {}, input });
    } else if (earlier) {
      out.push(sameCharge(earlier.input, input) ? { line, status: "repeated", input, chargeId: null, repeatOf: earlier.line } : { line, status: "invalid", problem: taken, cells: {}, input });
    } else {
      firstInFile.set(input.externalReference, { line, input });
      out.push({ line, status: "new", input, chargeId: null, repeatOf: null });
    }
  }
  return out.sort((a, b) => a.line - b.line);
}

/** What the confirmation would make and what it would leave: the preview's totals. */
export function previewTotals(rows: readonly ChargePreviewRow[]) {
  const sum = (status: ChargePreviewStatus) => {
    const matching = rows.filter((r) => r.status === status);
    return { count: matching.length, value_cents: matching.reduce((a, r) => a + (r.input?.valueCents ?? 0), 0) };
  };
  return { new: sum("new"), existing: sum("existing"), repeated: sum("repeated"), invalid: { count: rows.filter((r) => r.status === "invalid").length } };
}

/** The wire rows of POST /api/charges/import/preview: reasons in the caller's words (`say`). */
export function previewAnswerRows(rows: readonly ChargePreviewRow[], say: (message: string, values?: Record<string, string | number>) => string) {
  return rows.map((r) => {
    const i = r.input;
    // A bad row's cells are shown as typed, minus what would make them read in another order (bidi controls).
    const cells: Partial<Record<ChargeColumn, string>> =
      r.status === "invalid" ? Object.fromEntries(Object.entries(r.cells).map(([k, v]) => [k, neutralizeText(v)])) : {};
    return {
      line: r.line,
      status: r.status,
      reason: r.status === "invalid" ? say(r.problem.message, r.problem.values) : null,
      external_reference: i?.externalReference ?? cells.external_reference ?? null,
      payer_name: i?.payerName ?? cells.payer_name ?? null,
      payer_document: i?.payerDocument ?? cells.payer_document ?? null,
      value_cents: i?.valueCents ?? null,
      value_text: i ? null : (cells.value ?? null),
      due_date: i?.dueDate ?? cells.due_date ?? null,
      description: i?.description ?? cells.description ?? null,
      payer_email: i?.payerEmail ?? cells.payer_email ?? null,
      charge_id: r.status === "existing" ? r.chargeId : null,
      repeat_of: r.status === "repeated" ? r.repeatOf : null,
    };
  });
}
