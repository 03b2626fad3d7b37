/**
 * Who acts, as the audit log and the records name them: a person signed in, or a service account
 * calling with its token (its id starts with `sa_`, lib/service-accounts/ids.ts). `ip` is the
 * address the server saw, when the action came with a request; `tokenId` the service token a
 * program called with (a transfer it makes is checked again against it when it is sent). Client-safe: types only.
 */
export type Actor = { id: string; email: string; ip?: string | null; tokenId?: string };
