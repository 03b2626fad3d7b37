import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Batch payouts (lib/batches): one uploaded file, its rows as read and validated, and, once
 * submitted, one transfer request per valid row (transfer_requests.batch_id/batch_line).
 */
export const batches = pgTable(
  "batches",
  {
    id: text("id").primaryKey(),
    /** sha256 of the uploaded bytes: the same file twice is refused unless confirmed. */
    fileSha256: text("file_sha256").notNull(),
    fileName: text("file_name"),
    fileFormat: text("file_format").notNull(),
    makerId: text("maker_id").notNull(),
    makerEmail: text("maker_email").notNull(),
    state: text("state").notNull(),
    rows: integer("rows").notNull(),
    valid: integer("valid").notNull(),
    invalid: integer("invalid").notNull(),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    approvalsRequired: integer("approvals_required").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    decisionReason: text("decision_reason"),
    /** Who submitted it (always its maker). */
    submittedById: text("submitted_by_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("batches_sha_idx").on(t.fileSha256),
    index("batches_created_idx").on(t.createdAt),
    check(
      "batches_state_check",
      sql`${t.state} in ('draft','awaiting_approval','sending','completed','rejected','canceled','expired')`,
    ),
  ],
);

/** One line of a batch file: what was read, the transfer it describes or why it is invalid. */
export const batchRows = pgTable(
  "batch_rows",
  {
    batchId: text("batch_id")
      .notNull()
      .references(() => batches.id, { onDelete: "cascade" }),
    /** Line number in the file as a spreadsheet shows it (header = 1). */
    line: integer("line").notNull(),
    /** The cells as read, by our column names. */
    cells: jsonb("cells").$type<Record<string, string>>().notNull(),
    /** The registration body when the row is valid. */
    body: jsonb("body").$type<Record<string, unknown>>(),
    idempotentId: text("idempotent_id"),
    valueCents: bigint("value_cents", { mode: "number" }),
    /** Why the row is invalid: message keys + values per field (lib/i18n), null when valid. */
    errors: jsonb("errors").$type<Array<Record<string, unknown>>>(),
    transferId: text("transfer_id"),
    /** What the row's transfer pays (`descricao`), its cost centre (`centro_de_custo`, by code) and the saved receiver it named (`favorecido`), resolved at upload. */
    description: text("description"),
    costCentreId: text("cost_centre_id"),
    receiverId: text("receiver_id"),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.line] }), index("batch_rows_transfer_idx").on(t.transferId)],
);

export type BatchRow = typeof batches.$inferSelect;
