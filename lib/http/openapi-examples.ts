import "server-only";

/**
 * An example of a JSON Schema (2020-12, as zod writes it), for an operation whose answer has no
 * example of its own: a schema's own `examples[0]` (written beside it with `.meta({ examples })`)
 * always wins; otherwise a value built from the schema (its `const`, first `enum`, `default`,
 * a sample per `format`, the least valid number and length). Deterministic, so the document is
 * the same on every build, and valid against its schema by construction (the linters check it).
 */
type Json = Record<string, unknown>;

const SAMPLE_BY_FORMAT: Readonly<Record<string, string>> = {
  "date-time": "2026-11-30T13:45:00.000Z",
  date: "2026-11-30",
  time: "13:45:00",
  email: "financeiro@example.com",
  uri: "https://example.com/",
  url: "https://example.com/",
  uuid: "6b0c7c57-3f2a-4c1e-9b1d-2f6a0e9c4d11",
};

export function exampleOf(schema: unknown, schemas: Record<string, Json>, depth = 0): unknown {
  if (typeof schema !== "object" || schema === null || depth > 12) return null;
  const s = schema as Json;
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  if ("example" in s) return s.example;
  if ("const" in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  if ("default" in s) return s.default;
  if (typeof s.$ref === "string") return exampleOf(schemas[s.$ref.split("/").pop() ?? ""], schemas, depth + 1);
  for (const key of ["anyOf", "oneOf"] as const) {
    const options = s[key];
    if (Array.isArray(options) && options.length) {
      const notNull = options.find((o) => (o as Json).type !== "null") ?? options[0];
      return exampleOf(notNull, schemas, depth + 1);
    }
  }
  if (Array.isArray(s.allOf)) return Object.assign({}, ...s.allOf.map((part) => exampleOf(part, schemas, depth + 1)));
  const type = Array.isArray(s.type) ? (s.type.find((t) => t !== "null") ?? s.type[0]) : s.type;
  switch (type) {
    case "object":
      return objectExample(s, schemas, depth);
    case "array": {
      const min = typeof s.minItems === "number" ? s.minItems : 1;
      return Array.from({ length: Math.max(1, min) }, () => exampleOf(s.items ?? {}, schemas, depth + 1));
    }
    case "string":
      return stringExample(s);
    case "integer":
    case "number":
      return numberExample(s, type === "integer");
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return s.properties ? objectExample(s, schemas, depth) : "…";
  }
}

function objectExample(s: Json, schemas: Record<string, Json>, depth: number): Json {
  const properties = (s.properties ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, exampleOf(property, schemas, depth + 1)]));
}

function stringExample(s: Json): string {
  const format = typeof s.format === "string" ? SAMPLE_BY_FORMAT[s.format] : undefined;
  if (format) return format;
  const min = typeof s.minLength === "number" ? s.minLength : 1;
  const max = typeof s.maxLength === "number" ? s.maxLength : Number.MAX_SAFE_INTEGER;
  const pattern = typeof s.pattern === "string" ? safeRegExp(s.pattern) : null;
  // A few shapes our patterns ask for (words, digits, a day, an instant in Brazil time, an event pattern, a code), cut or padded to the length.
  const candidates = ["exemplo", "12345678909", "2026-11-30", "2026-11-30T13:45:00.000-03:00", "transfer.*", "123456", "ABC123", "a", "1"].flatMap((text) => [text, text.padEnd(min, text.slice(-1)).slice(0, max)]);
  return candidates.find((text) => text.length >= min && text.length <= max && (!pattern || pattern.test(text))) ?? "exemplo".padEnd(min, "x").slice(0, max);
}

function safeRegExp(source: string): RegExp | null {
  try {
    return new RegExp(source, "u");
  } catch {
    return null;
  }
}

function numberExample(s: Json, integer: boolean): number {
  const min = typeof s.minimum === "number" ? s.minimum : typeof s.exclusiveMinimum === "number" ? s.exclusiveMinimum + (integer ? 1 : 0.01) : 1;
  const max = typeof s.maximum === "number" ? s.maximum : typeof s.exclusiveMaximum === "number" ? s.exclusiveMaximum - 1 : Number.MAX_SAFE_INTEGER;
  const value = Math.min(Math.max(min, 1), max);
  return integer ? Math.ceil(value) : value;
}
