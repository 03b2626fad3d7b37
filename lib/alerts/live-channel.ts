/**
 * The PostgreSQL channel on which alerts raised, acknowledged or resolved are announced, from the
 * transaction that changes them (delivered on commit to every instance; PGlite in-process). The
 * bell of every open screen refetches its count. Payload: AlertChange as JSON.
 */
export const ALERT_CHANNEL = "pix_alert_changes";

export type AlertChange = {
  /** The alerts that changed. */
  ids: number[];
  /** Their owners (operators hear only about their own); null: the whole back office. */
  owners: Array<string | null>;
};

export function parseAlertChange(payload: string): AlertChange | null {
  try {
    const value = JSON.parse(payload) as Partial<AlertChange>;
    if (!Array.isArray(value.ids) || !Array.isArray(value.owners)) return null;
    return {
      ids: value.ids.filter((id): id is number => Number.isSafeInteger(id)),
      owners: value.owners.map((o) => (typeof o === "string" ? o : null)),
    };
  } catch {
    return null;
  }
}
