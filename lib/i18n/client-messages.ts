import type { Messages } from "./messages";

export type Namespace = keyof Messages;

/**
 * Which message namespaces reach the browser, by scope: the messages a client component reads
 * come from the nearest <ClientMessages scope="…"> above it (components/i18n/client-messages.tsx),
 * and only that scope's namespaces are sent with the page. A scope is declared by one layout or
 * page, which wraps all it renders. lib/i18n/client-messages.test.ts reads each route file's
 * browser code and fails when a namespace it uses is missing from its scope here.
 */
export const CLIENT_MESSAGES = {
  /** app/layout.tsx: the providers every page has. */
  root: ["common"],
  /** app/login/layout.tsx: signing in, setting a password, the page for those not allowed in. */
  login: ["auth", "common"],
  /**
   * app/(dashboard)/layout.tsx: the signed-in header (lookup, alerts, balance, live updates) and
   * the loading and error states of the payments and QR code lists.
   */
  dashboard: ["alerts", "auth", "balance", "common", "glossary", "layout", "lookup", "paymentDetail", "payments", "qrcodeDetail", "qrcodes", "reconciliation", "transfers", "validation"],
  overview: ["balance", "cash", "common", "costCentres", "formats", "glossary", "overview", "qrcodes", "table"],
  payments: ["common", "exports", "formats", "glossary", "payments", "qrcodes", "table"],
  paymentDetail: ["common", "glossary", "paymentDetail", "qrcodeDetail", "receipts", "validation"],
  register: ["approvals", "auth", "balance", "errors", "formats", "glossary", "register", "transfers", "validation"],
  qrcodes: ["common", "formats", "glossary", "payments", "qrcodeDetail", "qrcodes", "table"],
  qrcodeDetail: ["common", "glossary", "paymentDetail", "qrcodeDetail", "validation"],
  alerts: ["alerts", "common", "glossary", "reconciliation", "validation"],
  audit: ["exports", "formats", "table"],
  batches: ["batches", "common", "validation"],
  charges: ["charges", "common", "formats", "glossary", "table", "validation"],
  batchDetail: ["approvals", "auth", "balance", "batches", "common", "glossary", "receipts", "transfers", "validation"],
  batchNew: ["batches"],
  events: ["common", "events", "glossary", "qrcodeDetail", "table"],
  receivers: ["common", "formats", "glossary", "receivers", "register", "validation"],
  reconciliation: ["common", "glossary", "reconciliation", "validation"],
  settings: ["adminChanges", "alerts", "approvals", "audit", "auth", "balance", "common", "costCentres", "erpWebhooks", "formats", "glossary", "security", "serviceAccounts", "users", "validation"],
  statement: ["common", "exports", "formats", "glossary", "statement", "table"],
  cash: ["cash", "common", "exports"],
  transfers: ["approvals", "auth", "batches", "common", "formats", "glossary", "table", "transfers", "validation"],
  transferDetail: ["approvals", "auth", "common", "glossary", "receipts", "transfers", "validation"],
  users: ["adminChanges", "audit", "common", "errors", "glossary", "serviceAccounts", "users", "validation"],
} as const satisfies Record<string, readonly Namespace[]>;

export type MessageScope = keyof typeof CLIENT_MESSAGES;

/** The messages of a scope: its namespaces of the whole set, nothing else. */
export function pickMessages<M extends Record<string, unknown>>(messages: M, scope: MessageScope): Partial<M> {
  const picked: Partial<M> = {};
  for (const namespace of CLIENT_MESSAGES[scope] as readonly (keyof M)[]) picked[namespace] = messages[namespace];
  return picked;
}
