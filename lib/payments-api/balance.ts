import "server-only";
import { balanceAnswerSchema } from "@/lib/contract";
import { callProvider, expectAnswer } from "./client";

/** The account balance in our own words (integer cents). */
export type AccountBalance = {
  /** What new transfers may use now. */
  availableCents: number;
  /** Held by authorized transfers on their way. */
  blockedCents: number;
  totalCents: number;
};

/** GET /v1/account/balance. Its 401 has another shape; the client maps it like any 401 (token refreshed once). */
export async function getBalance(): Promise<AccountBalance> {
  const answer = await callProvider({ operation: "getBalance", method: "GET", path: "/v1/account/balance" });
  const b = expectAnswer(answer, balanceAnswerSchema, "getBalance").data.account_balance;
  return { availableCents: b.available_value_cents, blockedCents: b.blocked_value_cents, totalCents: b.total_value_cents };
}

/** The balance is read at most this often: it is shown on many pages and changes with every transfer. */
const BALANCE_CACHE_MS = 15_000;

type Cached = { at: number; value: AccountBalance };
const BALANCE_KEY = Symbol.for("pix-backoffice.balance-cache");
type Holder = { last?: Cached; inflight?: Promise<Cached> };
function holder(): Holder {
  const g = globalThis as typeof globalThis & { [BALANCE_KEY]?: Holder };
  g[BALANCE_KEY] ??= {};
  return g[BALANCE_KEY];
}

/**
 * The balance, cached for 15 s and read once however many pages ask at the same moment (single
 * flight). A failure is not cached: the next caller asks again. `checkedAt` says how old it is.
 */
export async function getCachedBalance(now: () => number = Date.now): Promise<AccountBalance & { checkedAt: string }> {
  const h = holder();
  const fresh = h.last && now() - h.last.at < BALANCE_CACHE_MS ? h.last : undefined;
  const entry =
    fresh ??
    (await (h.inflight ??= getBalance()
      .then((value) => (h.last = { at: now(), value }))
      .finally(() => {
        h.inflight = undefined;
      })));
  return { ...entry.value, checkedAt: new Date(entry.at).toISOString() };
}

/** Tests, and after a transfer is registered: forget the cached balance. */
export function forgetBalance(): void {
  holder().last = undefined;
}
