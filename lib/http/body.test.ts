import { describe, expect, it } from "vitest";
import { declaresTooLarge, jsonTooDeep, MAX_JSON_DEPTH, readBoundedBody } from "./body";
import { findUnsafeText } from "./unsafe-text";

/** A request whose body is a stream of `chunks` chunks of `size` bytes, counting what was pulled. */
function streamed(chunks: number, size: number, headers: Record<string, string> = {}) {
  const pulled = { chunks: 0, canceled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.chunks >= chunks) return controller.close();
      pulled.chunks += 1;
      controller.enqueue(new Uint8Array(size).fill(0x61));
    },
    cancel() {
      pulled.canceled = true;
    },
  });
  const request = new Request("http://localhost/api/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);
  return { request, pulled };
}

describe("readBoundedBody", () => {
  it("returns the bytes of a body within the limit", async () => {
    const { request } = streamed(4, 1000);
    const read = await readBoundedBody(request, 4000);
    expect("bytes" in read && read.bytes.byteLength).toBe(4000);
  });

  it("refuses a declared Content-Length over the limit without reading a byte", async () => {
    const { request, pulled } = streamed(10, 1000, { "content-length": "10000" });
    expect(await readBoundedBody(request, 4000)).toEqual({ tooLarge: true });
    expect(pulled.chunks).toBeLessThanOrEqual(1); // a stream may pre-fill one chunk on creation
  });

  it("cuts a chunked body at the first chunk over the limit and cancels the stream", async () => {
    // 450 MB announced by nobody: 450,000 chunks of 1 kB. Reading stops after 65.
    const { request, pulled } = streamed(450_000, 1000);
    expect(await readBoundedBody(request, 64 * 1024)).toEqual({ tooLarge: true });
    expect(pulled.chunks).toBeLessThanOrEqual(67);
    expect(pulled.canceled).toBe(true);
  });

  it("is not fooled by a small declared length on a longer stream", async () => {
    const { request } = streamed(100, 1000, { "content-length": "10" });
    expect(await readBoundedBody(request, 4000)).toEqual({ tooLarge: true });
  });

  it("reads a request without a body as empty", async () => {
    const read = await readBoundedBody(new Request("http://localhost/api/x", { method: "POST" }), 10);
    expect("bytes" in read && read.bytes.byteLength).toBe(0);
  });

  it("declaresTooLarge reads only a plain number", () => {
    const req = (value: string) => new Request("http://localhost/", { headers: { "content-length": value } });
    expect(declaresTooLarge(req("65537"), 65536)).toBe(true);
    expect(declaresTooLarge(req("65536"), 65536)).toBe(false);
    expect(declaresTooLarge(req("1e9"), 65536)).toBe(false);
  });
});

describe("jsonTooDeep", () => {
  it("allows MAX_JSON_DEPTH levels and refuses one more", () => {
    expect(jsonTooDeep("[".repeat(MAX_JSON_DEPTH) + "]".repeat(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTooDeep("[".repeat(MAX_JSON_DEPTH + 1) + "]".repeat(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTooDeep(`${'{"a":'.repeat(MAX_JSON_DEPTH + 1)}1${"}".repeat(MAX_JSON_DEPTH + 1)}`)).toBe(true);
  });

  it("counts brackets inside strings as text, escaped quotes included", () => {
    const inString = JSON.stringify({ note: "[".repeat(1000) + '\\"[[[' });
    expect(jsonTooDeep(inString)).toBe(false);
  });

  it("handles deep-nesting attacks in one pass: 8,000 and 10,000 levels", () => {
    expect(jsonTooDeep("[".repeat(8000) + "]".repeat(8000))).toBe(true);
    expect(jsonTooDeep(`${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`)).toBe(true);
  });
});

describe("findUnsafeText", () => {
  it("names the first unsafe string in document order, keys included", () => {
    expect(findUnsafeText({ a: "fine", b: ["x", "bad\u0000"] })).toBe("b.1");
    expect(findUnsafeText({ a: "bad\uD800", "b\u0000": 1 })).toBe("a");
    expect(findUnsafeText({ a: 1, "b\u0000": "x" })).toBe("(key)");
    expect(findUnsafeText({ rows: [{ key: "ok" }, { key: "\uDC00" }] })).toBe("rows.1.key");
    expect(findUnsafeText("\u0000")).toBe("input");
    expect(findUnsafeText({ a: "😀 is whole", b: [1, null, true] })).toBeNull();
  });

  it("walks a value nested 100,000 deep without overflowing the stack", () => {
    let deep: unknown = "bad\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const found = findUnsafeText(deep);
    expect(found?.split(".")).toHaveLength(100_000);
    let fine: unknown = "ok";
    for (let i = 0; i < 100_000; i++) fine = { a: fine };
    expect(findUnsafeText(fine)).toBeNull();
  });
});
