import fc from "fast-check";

/**
 * fast-check arbitraries from the JSON Schemas (2020-12) of our OpenAPI document: `valid` draws
 * values the schema allows (its enum, const, format, pattern, lengths, bounds, required members),
 * `invalid` draws values it should refuse (a wrong type, a member missing, a string past its
 * length, text with a NUL byte). Used by the fuzzer (scripts/openapi/fuzz.ts).
 */
type Json = Record<string, unknown>;
export type Components = Record<string, Json>;

const FORMATS: Record<string, fc.Arbitrary<string>> = {
  "date-time": fc.date({ min: new Date("2020-01-01"), max: new Date("2030-12-31"), noInvalidDate: true }).map((d) => d.toISOString()),
  date: fc.date({ min: new Date("2020-01-01"), max: new Date("2030-12-31"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  uuid: fc.uuid(),
  email: fc.emailAddress(),
  uri: fc.webUrl(),
};

export function valid(schema: unknown, components: Components, depth = 0): fc.Arbitrary<unknown> {
  if (typeof schema !== "object" || schema === null || depth > 8) return fc.constant(null);
  const s = schema as Json;
  if (typeof s.$ref === "string") return valid(components[s.$ref.split("/").pop() ?? ""], components, depth + 1);
  if ("const" in s) return fc.constant(s.const);
  if (Array.isArray(s.enum) && s.enum.length) return fc.constantFrom(...s.enum);
  for (const key of ["anyOf", "oneOf"] as const) {
    if (Array.isArray(s[key]) && (s[key] as unknown[]).length) return fc.oneof(...(s[key] as unknown[]).map((option) => valid(option, components, depth + 1)));
  }
  if (Array.isArray(s.allOf)) return fc.tuple(...(s.allOf as unknown[]).map((part) => valid(part, components, depth + 1))).map((parts) => Object.assign({}, ...parts.filter((p) => typeof p === "object")));
  const type = Array.isArray(s.type) ? (s.type as string[])[0] : s.type;
  switch (type) {
    case "object":
      return objectArbitrary(s, components, depth);
    case "array": {
      const maxLength = Math.min(typeof s.maxItems === "number" ? s.maxItems : 3, 3);
      return fc.array(valid(s.items ?? {}, components, depth + 1), { minLength: Math.min(typeof s.minItems === "number" ? s.minItems : 0, maxLength), maxLength });
    }
    case "string":
      return stringArbitrary(s);
    case "integer":
      return fc.integer({ min: bound(s.minimum, s.exclusiveMinimum, 1, -1_000_000), max: bound(s.maximum, s.exclusiveMaximum, -1, 1_000_000_000) });
    case "number":
      return fc.double({ min: bound(s.minimum, s.exclusiveMinimum, 0.01, -1e6), max: bound(s.maximum, s.exclusiveMaximum, -0.01, 1e9), noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      return s.properties ? objectArbitrary(s, components, depth) : fc.jsonValue({ maxDepth: 1 });
  }
}

/** Something the schema refuses (or, for a schema that takes anything, something odd). */
export function invalid(schema: unknown, components: Components): fc.Arbitrary<unknown> {
  const s = (typeof schema === "object" && schema !== null ? schema : {}) as Json;
  const resolved = typeof s.$ref === "string" ? (components[s.$ref.split("/").pop() ?? ""] ?? {}) : s;
  const odd = fc.oneof(
    fc.constant(null),
    fc.constant(""),
    fc.string({ maxLength: 20 }).map((text) => `${text}\u0000`),
    fc.constant("\u202Eevil"),
    fc.integer(),
    fc.constant([]),
    fc.constant({}),
    fc.string({ minLength: 300, maxLength: 600 }),
  );
  if (resolved.type === "object" && Array.isArray(resolved.required) && resolved.required.length) {
    const dropOne = fc.tuple(valid(resolved, components), fc.constantFrom(...(resolved.required as string[]))).map(([value, name]) => {
      const copy = { ...(value as Json) };
      delete copy[name];
      return copy;
    });
    return fc.oneof(odd, dropOne);
  }
  return odd;
}

function objectArbitrary(s: Json, components: Components, depth: number): fc.Arbitrary<unknown> {
  const properties = (s.properties ?? {}) as Record<string, unknown>;
  const required = (s.required ?? []) as string[];
  const record = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, valid(property, components, depth + 1)]));
  return fc.record(record, { requiredKeys: required.filter((name) => name in record) });
}

function stringArbitrary(s: Json): fc.Arbitrary<string> {
  const minLength = typeof s.minLength === "number" ? s.minLength : 0;
  const maxLength = Math.max(minLength, Math.min(typeof s.maxLength === "number" ? s.maxLength : 40, 200));
  if (typeof s.format === "string" && FORMATS[s.format]) return FORMATS[s.format]!;
  if (typeof s.pattern === "string") {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((text) => text.length >= minLength && text.length <= maxLength);
    } catch {
      // A pattern JavaScript cannot compile here: plain text, which the server may refuse (4xx).
    }
  }
  return fc.string({ minLength, maxLength });
}

function bound(inclusive: unknown, exclusive: unknown, step: number, fallback: number): number {
  if (typeof inclusive === "number") return Math.max(-Number.MAX_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, inclusive));
  if (typeof exclusive === "number") return exclusive + step;
  return fallback;
}
