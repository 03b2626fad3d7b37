import "server-only";
import { createHash, randomUUID } from "node:crypto";
import type { Db } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import type { Actor } from "@/lib/domain/actor";
import { receiversByNickname, toSavedReceiver } from "@/lib/receivers/store";
import { parseBatchFile } from "./parse";
import { batchWithFile, costCentresByCode, getBatchSummary, insertDraft, usedIds } from "./store";
import type { Batch } from "./types";
import { validateBatchRows } from "./validate";

export type UploadResult =
  | { ok: true; batch: Batch }
  | { ok: false; duplicateOf: string }
  | { ok: false; problem: { message: string; values?: Record<string, string | number> } };

/**
 * An uploaded file becomes a draft batch: read, every row validated with the single form's
 * schema, stored with its rows and its audit row in one transaction. Nothing is sent yet.
 * A file whose bytes equal an earlier batch's is refused unless `allowDuplicate`.
 */
export async function uploadBatch(
  db: Db,
  input: { bytes: Uint8Array; fileName: string | null; contentType: string | null; maker: Actor; ip: string | null; allowDuplicate: boolean },
): Promise<UploadResult> {
  const sha = createHash("sha256").update(input.bytes).digest("hex");
  if (!input.allowDuplicate) {
    const earlier = await batchWithFile(db, sha);
    if (earlier) return { ok: false, duplicateOf: earlier };
  }
  const reading = await parseBatchFile(input.bytes, { contentType: input.contentType, fileName: input.fileName });
  if (!reading.ok) return { ok: false, problem: reading.problem };
  const id = randomUUID();
  const { rows, totals } = await validateBatchRows(reading.rows, {
    batchId: id,
    isIdUsed: (ids) => usedIds(db, ids),
    findReceivers: async (nicknames) => new Map([...(await receiversByNickname(db, nicknames))].map(([key, row]) => [key, toSavedReceiver(row)])),
    findCostCentres: (codes) => costCentresByCode(db, codes),
  });
  const now = new Date();
  await db.transaction(async (tx) => {
    await insertDraft(tx, {
      id,
      fileSha256: sha,
      fileName: input.fileName?.slice(0, 255) ?? null,
      fileFormat: reading.format,
      makerId: input.maker.id,
      makerEmail: input.maker.email,
      state: "draft",
      rows: totals.rows,
      valid: totals.valid,
      invalid: totals.invalid,
      totalCents: totals.total_cents,
      createdAt: now,
      updatedAt: now,
    }, rows);
    await recordAudit(
      {
        actor: input.maker,
        action: "batch.upload",
        target: id,
        outcome: "draft",
        detail: { file_name: input.fileName, format: reading.format, sha256: sha, ...totals, duplicate_allowed: input.allowDuplicate },
        ip: input.ip,
      },
      tx,
    );
  });
  const batch = await getBatchSummary(db, id);
  if (!batch) throw new Error(`batch ${id} vanished`);
  return { ok: true, batch };
}

