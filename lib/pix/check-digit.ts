/**
 * Mod-11 check digit shared by CPF and CNPJ: r = sum(value * weight) % 11;
 * digit = r < 2 ? 0 : 11 - r. For CNPJ a character's value is its char code - 48,
 * so digits keep their value and letters A-Z become 17-42 (Receita Federal, 2026 rule).
 */
export function mod11CheckDigit(values: readonly number[], weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (values[i] ?? 0) * (weights[i] ?? 0);
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

/** Value of one document character: char code - 48 ("0" -> 0, "A" -> 17). */
export function documentCharValue(ch: string): number {
  return ch.charCodeAt(0) - 48;
}

/** True when every character of `s` is the same one ("11111111111"). */
export function isAllSameChar(s: string): boolean {
  return s.length > 0 && [...s].every((c) => c === s[0]);
}

/** An integer in [0, n) from a random source returning [0, 1). Tolerates a source returning 1. */
export function randomInt(rand: () => number, n: number): number {
  return Math.min(n - 1, Math.max(0, Math.floor(rand() * n)));
}
