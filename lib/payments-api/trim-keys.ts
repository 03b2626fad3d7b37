/**
 * The provider's documented examples carry keys with stray spaces (`"end_to_end "`): keys are
 * trimmed before parsing, like values, so such a key is not dropped as unknown. A trimmed key
 * never replaces one that was already exact. Copy-on-write: an object or array is copied only
 * when something inside it changed, so a well-formed answer (the usual case) is walked, not
 * rebuilt (bench/proxy-profile.ts: 0.13 ms of CPU and its garbage per 100-item page before).
 */
export function trimKeys(value: unknown): unknown {
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = trimKeys(value[i]);
      if (item !== value[i]) (out ??= value.slice())[i] = item;
    }
    return out ?? value;
  }
  if (value === null || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  const items = keys.map((key) => trimKeys(record[key]));
  if (keys.every((key, i) => key === key.trim() && items[i] === record[key])) return value;
  const out: Record<string, unknown> = {};
  keys.forEach((key, i) => {
    if (key === key.trim()) out[key] = items[i];
  });
  keys.forEach((key, i) => {
    const trimmed = key.trim();
    if (key !== trimmed && !Object.hasOwn(out, trimmed)) out[trimmed] = items[i];
  });
  return out;
}
