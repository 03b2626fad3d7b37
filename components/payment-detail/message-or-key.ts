/** What a translator offers for a key it may or may not have (next-intl's `t` and `t.has`). */
type KeyTranslator = { (key: never): string; has(key: never): boolean };

const MESSAGE_KEY = /^[a-z][A-Za-z]*(\.[A-Za-z0-9_]+)+$/;

/**
 * A schema's message on a page: a message key ("validation.idempotentId.slash") in the reader's
 * language, any other text as it is (the same rule as `localize` in lib/http, for pages).
 */
export function messageOrKey(message: string | undefined, t: KeyTranslator): string | undefined {
  if (!message) return undefined;
  return MESSAGE_KEY.test(message) && t.has(message as never) ? t(message as never) : message;
}
