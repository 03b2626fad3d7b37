/** Length limits of the contract (section Limits). */
export const LIMITS = {
  pageSize: 100,
  idempotentId: 255,
  referenceCode: 100,
  name: 100,
  document: 14,
  ispb: 20,
  agencyRequest: 10,
  accountRequest: 20,
  bankName: 50,
  agencyAccountResponse: 20,
  cancellationReason: 255,
  externalReference: 255,
  qrContent: 255,
  endToEnd: 32,
} as const;

/** Datetime shape of answers: YYYY-mm-ddTHH:MM:ss.SSS+/-HH:MM */
export const PROVIDER_DATETIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/;
/** Datetime shape of list parameters: YYYY-mm-ddTHH:MM:ss (read in Brazil time). */
export const LIST_DATETIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
export const DIGITS_RE = /^\d+$/;
