/**
 * A small seeded pseudo-random generator (sfc32) and the distributions the seed needs.
 * Deterministic: the same seed always yields the same sequence, on every machine.
 */
export type Rand = () => number;

/** Hashes a string to a 32-bit unsigned integer (FNV-1a), for per-id deterministic choices. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** sfc32 seeded from one number; returns floats in [0, 1). */
export function createRand(seed: number | string): Rand {
  const base = typeof seed === "string" ? hashString(seed) : seed >>> 0;
  let a = 0x9e3779b9 ^ base;
  let b = 0x243f6a88 + base;
  let c = 0xb7e15162 ^ Math.imul(base, 0x85ebca6b);
  let d = 1;
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 15; i++) next();
  return next;
}

export function randInt(rand: Rand, min: number, max: number): number {
  return min + Math.floor(rand() * (max - min + 1));
}

export function pick<T>(rand: Rand, items: readonly T[]): T {
  const item = items[Math.floor(rand() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

/** A picker by weight, tables built once: `weightedPicker({ a: 3, b: 1 })(rand)` gives "a" 3 times in 4. */
function weightedPicker<K extends string>(weights: Readonly<Record<K, number>>): (rand: Rand) => K {
  const keys = Object.keys(weights) as K[];
  const cumulative: number[] = [];
  let total = 0;
  for (const k of keys) cumulative.push((total += weights[k]));
  return (rand) => {
    const r = rand() * total;
    for (let i = 0; i < cumulative.length; i++) if (r < cumulative[i]!) return keys[i]!;
    return keys[keys.length - 1]!;
  };
}

const pickers = new WeakMap<object, (rand: Rand) => string>();

/** Picks a key by weight (the table is cached per weights object). */
export function weighted<K extends string>(rand: Rand, weights: Readonly<Record<K, number>>): K {
  let picker = pickers.get(weights);
  if (!picker) pickers.set(weights, (picker = weightedPicker(weights)));
  return picker(rand) as K;
}

/** Standard normal variate (Box-Muller). */
export function gaussian(rand: Rand): number {
  const u = 1 - rand();
  const v = rand();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

export function digits(rand: Rand, count: number): string {
  let out = "";
  for (let i = 0; i < count; i++) out += String(Math.floor(rand() * 10));
  return out;
}

const ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789";
const UPPER_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

export function alnum(rand: Rand, count: number, upper = false): string {
  const chars = upper ? UPPER_ALNUM : ALNUM;
  let out = "";
  for (let i = 0; i < count; i++) out += chars[Math.floor(rand() * chars.length)];
  return out;
}

const BYTE_HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/** A lowercase UUID v4 shape (the random Pix key, EVP). */
export function uuid(rand: Rand): string {
  const b = (mask = 255, set = 0) => BYTE_HEX[(Math.floor(rand() * 256) & mask) | set]!;
  return (
    b() + b() + b() + b() + "-" + b() + b() + "-" + b(0x0f, 0x40) + b() + "-" +
    b(0x3f, 0x80) + b() + "-" + b() + b() + b() + b() + b() + b()
  );
}
