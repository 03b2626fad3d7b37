import "server-only";
import { VALIDATION_SEPARATOR } from "@/lib/contract";

/**
 * Turns the provider's validation text ("value_cents not_a_number | receiver_name required")
 * into field -> message pairs, for the messages that start with a field name.
 */
export function parseProviderFields(message: string | undefined): Record<string, string> | undefined {
  if (!message) return undefined;
  const fields: Record<string, string> = {};
  for (const part of message.split(VALIDATION_SEPARATOR.trim())) {
    const text = part.trim();
    const match = /^([a-z][a-z0-9_]*)\s+\S/.exec(text);
    if (match?.[1] && match[1].includes("_")) fields[match[1]] ??= text;
  }
  return Object.keys(fields).length ? fields : undefined;
}
