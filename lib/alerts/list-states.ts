/** GET /api/alerts and /alerts (client-safe): `open` is every live alert (taken-on ones included), `resolved` the rest. */
export const ALERT_LIST_STATES = ["open", "resolved"] as const;
export type AlertListState = (typeof ALERT_LIST_STATES)[number];
