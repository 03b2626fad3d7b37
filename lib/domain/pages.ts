import { LIMITS } from "@/lib/contract/limits";

/**
 * Every list's page rules, defined once (no zod: the browser's URL parsers import them too).
 * The provider's lists (payments, QR codes) page by its own fixed size and `MAX_LIST_PAGE`
 * (lib/contract/list-rules.ts, with `checkPageParam`); the lists we keep in our own store page
 * by the sizes below, up to `MAX_STORE_PAGE`.
 */

/** Rows per page of the provider's lists (payments, QR codes): the provider's fixed size. */
export const PROVIDER_PAGE_SIZE = LIMITS.pageSize;

/** Highest page of our own lists (transfers, batches, findings, webhook events, audit log). */
export const MAX_STORE_PAGE = 100_000;

/** Largest page a caller may ask of our own lists (the audit log's ?pageSize, its export's pages). */
export const MAX_STORE_PAGE_SIZE = 200;

export const AUDIT_PAGE_SIZE = 50;
export const TRANSFERS_PAGE_SIZE = 50;
export const FINDINGS_PAGE_SIZE = 50;
export const BATCHES_PAGE_SIZE = 25;
export const EVENT_LOG_PAGE_SIZE = 25;

/** A page of our own lists as typed in a URL: digits only, from 1 to MAX_STORE_PAGE. */
export function isStorePage(raw: string): boolean {
  return /^\d{1,6}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= MAX_STORE_PAGE;
}
