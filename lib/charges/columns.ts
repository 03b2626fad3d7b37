/** The columns of a charges file (POST /api/charges/import), in the order the template lists them (client-safe). */
export const CHARGE_COLUMNS = ["payer_name", "payer_document", "value", "due_date", "description", "external_reference", "payer_email"] as const;
export type ChargeColumn = (typeof CHARGE_COLUMNS)[number];
/** Columns a file may leave out. */
export const OPTIONAL_CHARGE_COLUMNS: ReadonlySet<ChargeColumn> = new Set(["payer_email", "description"]);
