import { useTranslations } from "next-intl";

/** A message key with its values, or a schema's own message (see lib/batches/header.ts BatchMessage). */
type ShownMessage = { message: string; values?: Record<string, string | number> };

/** The translator seen through plain strings: error keys arrive as data, not as typed literals. */
type LooseTranslator = { (key: string, values?: Record<string, string | number>): string; has(key: string): boolean };

/** The shape of a message key ("batches.errors.duplicateInFile"), as lib/http's `localize` tells them from text. */
const MESSAGE_KEY = /^[a-z][A-Za-z]*(\.[A-Za-z0-9_]+)+$/;

/**
 * A row or file message in the UI language: a key we know is translated with its values;
 * anything else (a schema message not yet turned into a key) is shown as it is.
 */
export function useMessageText(): (shown: ShownMessage) => string {
  const t = useTranslations() as unknown as LooseTranslator;
  return (shown) => (MESSAGE_KEY.test(shown.message) && t.has(shown.message) ? t(shown.message, shown.values) : shown.message);
}
