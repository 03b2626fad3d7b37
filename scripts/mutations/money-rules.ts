/**
 * One-line mutations of the money rules, each with the tests that must notice it (npm run
 * mutate). When a rule changes, add its mutations here; a mutant no test kills is a missing test.
 * `find` must occur exactly once in `file`.
 */
/** `postgres`: only PostgreSQL can show it (two transactions at once); its tests then run there too (TEST_DATABASE_URL). */
export type Mutation = { id: string; file: string; what: string; find: string; replace: string; tests: string[]; postgres?: boolean };

const WINDOW_TESTS = ["lib/transfers/server/receiver-window.test.ts"];
const FOUR_EYES_API = ["app/api/transfers/four-eyes.test.ts"];
const SEND_TIME = ["lib/transfers/send-check.test.ts", "lib/transfers/server/send-time.test.ts"];

export const MONEY_RULE_MUTATIONS: Mutation[] = [
  // The 24 h sum: where it starts, what it counts, what it is kept for.
  { id: "window-all-time", file: "lib/transfers/server/receiver-window.ts", what: "the window sums over all time", find: "gte(t.createdAt, since)", replace: "gte(t.createdAt, new Date(0))", tests: WINDOW_TESTS },
  // PGlite runs one transaction at a time: only PostgreSQL runs two creations at once.
  { id: "window-no-destination-lock", file: "lib/transfers/server/create.ts", what: "creations to one destination read the 24 h sum at the same time", find: "    await lockDestinations(tx, [transfer]);", replace: "", tests: WINDOW_TESTS, postgres: true },
  { id: "window-lock-does-not-wait", file: "lib/transfers/server/receiver-window.ts", what: "the destination lock is tried, not waited for", find: "count(pg_advisory_xact_lock(", replace: "count(pg_try_advisory_xact_lock(", tests: WINDOW_TESTS, postgres: true },
  { id: "window-lock-first-bucket-only", file: "lib/transfers/server/receiver-window.ts", what: "only the first of a creation's destination buckets is locked", find: "from unnest(${sorted}::int[]) as bucket", replace: "from unnest(${sorted}::int[]) as bucket where bucket = (${sorted}::int[])[1]", tests: WINDOW_TESTS, postgres: true },
  { id: "window-one-hour", file: "lib/transfers/window.ts", what: "the window is 1 hour", find: "RECEIVER_WINDOW_HOURS * 3_600_000", replace: "1 * 3_600_000", tests: WINDOW_TESTS },
  {
    id: "window-dead-states",
    file: "lib/transfers/server/receiver-window.ts",
    what: "rejected, canceled and expired requests count",
    find: "inArray(t.state, [...MAY_MOVE_MONEY_STATES])",
    replace: 'inArray(t.state, [...MAY_MOVE_MONEY_STATES, "rejected", "canceled", "expired"])',
    tests: WINDOW_TESTS,
  },
  { id: "window-by-key-ignored", file: "lib/transfers/approval-need.ts", what: "the Pix key's or account's sum is never the one used", find: "earlier.key > earlier.document", replace: "false", tests: FOUR_EYES_API },
  { id: "window-maker-group", file: "lib/transfers/server/receiver-window.ts", what: "a person and the tokens they hold are different makers", find: "return [makerId, ...rows.map((r) => r.id).filter((id) => id !== makerId)];", replace: "return [makerId];", tests: FOUR_EYES_API },
  { id: "account-leading-zeros", file: "lib/transfers/destination.ts", what: "agency 0001 and 1 are two accounts", find: "withoutLeadingZeros(body.receiver_agency)", replace: "body.receiver_agency", tests: ["lib/transfers/destination.test.ts", ...FOUR_EYES_API] },
  { id: "series-one-occurrence", file: "lib/transfers/server/create.ts", what: "a series is approved on one occurrence's amount", find: "transfer.value_cents * days.length", replace: "transfer.value_cents", tests: WINDOW_TESTS },
  { id: "series-not-one-decision", file: "lib/transfers/server/service.ts", what: "each occurrence of a series is its own decision", find: 'return lockRequests(tx, { seriesId: row.seriesId, states: ["awaiting_approval"] });', replace: "return [row];", tests: WINDOW_TESTS },
  { id: "batch-window-document", file: "lib/transfers/server/receiver-window.ts", what: "a batch ignores the document's 24 h sum", find: "document: sums.byDocument.get(document) ?? 0, key: 0", replace: "document: 0, key: 0", tests: WINDOW_TESTS },
  { id: "batch-window-key", file: "lib/transfers/server/receiver-window.ts", what: "a batch ignores the key's 24 h sum", find: "key: sums.byKey.get(key) ?? 0, destinationKey: key }", replace: "key: 0, destinationKey: key }", tests: WINDOW_TESTS },
  // Who may decide: the rule and its SQL.
  { id: "holders-not-makers", file: "lib/transfers/server/who-decides.ts", what: "a token's holders may approve what it made", find: "account !== null && holders.get(account)?.has(personId)", replace: "false", tests: ["lib/transfers/server/who-decides.test.ts", ...FOUR_EYES_API] },
  { id: "submitter-not-maker", file: "lib/transfers/server/who-decides.ts", what: "the submitter may approve", find: 'if (row.submittedById === personId) return "submitter";', replace: "", tests: ["lib/transfers/server/who-decides.test.ts"] },
  { id: "sql-holders", file: "lib/transfers/server/who-decides.ts", what: "the inbox SQL forgets the token's holders", find: "sql`exists (select 1 from ${credentialHolders} h where h.service_account_id in (${t.makerId}, ${t.submittedById}) and h.person_id = ${personId})`", replace: "sql`false`", tests: ["lib/transfers/server/who-decides.test.ts"] },
  { id: "sql-expiry", file: "lib/transfers/server/who-decides.ts", what: "the inbox SQL lists expired requests", find: "or(isNull(t.expiresAt), gt(t.expiresAt, now))", replace: "sql`true`", tests: ["lib/transfers/server/who-decides.test.ts"] },
  { id: "token-account", file: "lib/auth/bearer.ts", what: "a token may act as a person's own account", find: 'new Set(["account", "users", "pendingChanges"])', replace: 'new Set(["users", "pendingChanges"])', tests: FOUR_EYES_API },
  // Approvals needed and counted.
  { id: "voided-approvals-count", file: "lib/transfers/server/decisions.ts", what: "voided approvals still count", find: ".where(and(inArray(approvals.transferId, ids), isNull(approvals.voidedAt)))\n    .groupBy", replace: ".where(inArray(approvals.transferId, ids))\n    .groupBy", tests: ["lib/transfers/server/send-time.test.ts"] },
  { id: "required-ignores-policy-now", file: "lib/transfers/approval-need.ts", what: "a request needs only what it was made with", find: "return Math.max(request.approvalsRequired, now);", replace: "return request.approvalsRequired;", tests: ["lib/transfers/server/send-time.test.ts"] },
  { id: "policy-change-not-reviewed", file: "lib/transfers/server/policy-store.ts", what: "a tightened policy leaves what waits alone", find: 'const rechecked = await reviewUnsent(tx, { all: true }, { policy, now: new Date(), actor, cause: "policy.change" });', replace: "const rechecked = {};", tests: ["lib/transfers/server/send-time.test.ts"] },
  // Checked again when money moves.
  { id: "no-send-check", file: "lib/transfers/server/engine.ts", what: "the engine sends without checking again", find: 'if (row.fromState === "approved" || row.fromState === "scheduled") {', replace: "if (false) {", tests: ["lib/transfers/server/send-time.test.ts"] },
  { id: "send-check-maker", file: "lib/transfers/send-check.ts", what: "a deactivated maker's request goes out", find: 'if (!f.makerActive) reasons.push("maker_inactive");', replace: "", tests: SEND_TIME },
  { id: "send-check-token", file: "lib/transfers/send-check.ts", what: "a revoked token's request goes out", find: 'if (f.tokenValid === false) reasons.push("token_invalid");', replace: "", tests: SEND_TIME },
  { id: "send-check-approver-role", file: "lib/transfers/send-check.ts", what: "a demoted approver's approval counts", find: 'if (!a.mayApprove) return "no_longer_approver";', replace: "", tests: SEND_TIME },
  { id: "balance-not-held", file: "lib/transfers/server/engine.ts", what: "a payable the balance cannot pay is sent anyway", find: 'if (row.fromState === "scheduled" && !(await balanceCovers(row.valueCents))) {', replace: "if (false) {", tests: ["lib/transfers/server/payables.test.ts"] },
  { id: "claim-check", file: "lib/transfers/server/transition.ts", what: "a superseded worker's final answer is recorded", find: 'if (o.claimToken !== undefined && row.claimToken !== o.claimToken) return "claim";', replace: "", tests: ["lib/transfers/server/transition.test.ts"] },
  { id: "nothing-sent-attempts-only", file: "lib/transfers/states.ts", what: "'nothing sent yet' read from the attempts alone", find: "return row.lastPostAt === null && row.attempts === 0;", replace: "return row.attempts === 0;", tests: ["lib/transfers/server/decisions.test.ts"] },
  // Deadlines.
  { id: "send-time-default", file: "lib/transfers/deadlines.ts", what: "payables go out at another hour by default", find: 'DEFAULT_SEND_TIME = "08:00"', replace: 'DEFAULT_SEND_TIME = "09:00"', tests: ["lib/env.test.ts"] },
  { id: "expiry-uncapped", file: "lib/transfers/deadlines.ts", what: "a payable may wait for approval past its day", find: "firstSend?.getTime() ?? Infinity", replace: "Infinity", tests: ["lib/transfers/deadlines.test.ts", "lib/transfers/server/payables.test.ts"] },
  // Credentials of money roles, saved receivers, deceiving text.
  { id: "money-role-memory", file: "lib/admin-changes/rules.ts", what: "a demoted approver's reset applies at once", find: "return account.moneyRoleUntil !== null && now.getTime() - account.moneyRoleUntil.getTime() < MONEY_ROLE_MEMORY_DAYS * 86_400_000;", replace: "return false;", tests: ["lib/admin-changes/rules.test.ts", "lib/admin-changes/service.test.ts"] },
  { id: "reactivation-at-once", file: "lib/admin-changes/rules.ts", what: "reactivating a money role applies at once", find: 'if ("deactivated" in change) return change.deactivated === false && heldMoneyRoleRecently(current, now);', replace: "", tests: ["lib/admin-changes/rules.test.ts", "lib/admin-changes/service.test.ts"] },
  { id: "receiver-any-maker", file: "lib/receivers/service.ts", what: "any maker re-points someone else's saved receiver", find: "    refuseUnlessOwner(before, actor);\n", replace: "", tests: ["app/api/receivers/route.test.ts"] },
  { id: "bidi-allowed", file: "lib/pix/text.ts", what: "direction controls pass", find: 'if (DIRECTION_CONTROLS.test(s)) return "direction_control";', replace: "", tests: ["lib/pix/text.test.ts", ...FOUR_EYES_API] },
  { id: "line-breaks-allowed", file: "lib/pix/text.ts", what: "line breaks pass", find: 'if (BREAKS_AND_CONTROLS.test(s)) return "line_break";', replace: "", tests: ["lib/pix/text.test.ts", ...FOUR_EYES_API] },
  // Charges (money coming in): exactly once, one reference one charge, the due day, audited withdrawals.
  { id: "charge-paid-twice", file: "lib/charges/service.ts", what: "a withdrawn charge's payment is recorded again", find: 'if (!row || row.paidAt) return "unchanged";', replace: 'if (!row) return "unchanged";', tests: ["lib/charges/service.test.ts"] },
  { id: "charge-reference-other-terms", file: "lib/charges/service.ts", what: "a reference already used answers a charge with other terms", find: "if (!sameCharge(row, input)) {", replace: "if (false) {", tests: ["lib/charges/service.test.ts", "app/api/charges/route.test.ts"] },
  { id: "charge-due-start-of-day", file: "lib/charges/due-date.ts", what: "a charge stops being payable when its due day begins", find: "return new Date(addBrazilDays(next, 1).getTime() - 1000);", replace: "return next;", tests: ["lib/charges/due-date.test.ts", "lib/charges/service.test.ts"] },
  { id: "charge-withdraw-unaudited", file: "lib/charges/service.ts", what: "a withdrawal leaves no audit entry", find: '    await recordAudit({ actor, action: "charge.withdraw",', replace: '    if (Date.now() < 0) await recordAudit({ actor, action: "charge.withdraw",', tests: ["lib/charges/service.test.ts", "app/api/charges/route.test.ts"] },
];
