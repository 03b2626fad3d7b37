/** Does an event type match any of an endpoint's patterns (`*`, `transfer.*`, `batch.completed`)? */
export function matchesAny(type: string, patterns: readonly string[]): boolean {
  const [subject] = type.split(".", 1);
  return patterns.some((p) => p === "*" || p === type || p === `${subject}.*`);
}
