import { describe, expect, it } from "vitest";
import { createFormIdStore, FORM_ID_KEY, REGISTERED_IDS_KEY } from "./form-id-store";

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

function counter() {
  let n = 0;
  return () => `id-${++n}`;
}

describe("the form's idempotent_id", () => {
  it("is created once and stays the same across reads (re-renders, retries)", () => {
    const store = createFormIdStore(memoryStorage(), memoryStorage(), counter());
    const first = store.current();
    expect(store.current()).toBe(first);
    expect(store.current()).toBe(first);
  });

  it("survives a reload of the same tab (sessionStorage)", () => {
    const session = memoryStorage();
    const local = memoryStorage();
    const before = createFormIdStore(session, local, counter()).current();
    const afterReload = createFormIdStore(session, local, () => "never-used");
    expect(afterReload.current()).toBe(before);
    expect(session.data.get(FORM_ID_KEY)).toBe(before);
  });

  it("is replaced by a fresh one after registration (renew), also for the next reload", () => {
    const session = memoryStorage();
    const store = createFormIdStore(session, memoryStorage(), counter());
    const first = store.current();
    const next = store.renew();
    expect(next).not.toBe(first);
    expect(store.current()).toBe(next);
    expect(session.data.get(FORM_ID_KEY)).toBe(next);
  });

  it("keeps an id edited by hand once it was sent", () => {
    const session = memoryStorage();
    const store = createFormIdStore(session, memoryStorage(), counter());
    store.current();
    store.keep("partner-0042");
    expect(store.current()).toBe("partner-0042");
    expect(createFormIdStore(session, memoryStorage(), counter()).current()).toBe("partner-0042");
  });

  it("uses real UUIDs by default", () => {
    const id = createFormIdStore(memoryStorage(), memoryStorage()).current();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("notifies subscribers when the id changes", () => {
    const store = createFormIdStore(memoryStorage(), memoryStorage(), counter());
    let calls = 0;
    const stop = store.subscribe(() => calls++);
    store.renew();
    stop();
    store.renew();
    expect(calls).toBe(1);
  });
});

describe("ids already registered", () => {
  it("are remembered for every tab of the browser (localStorage)", () => {
    const local = memoryStorage();
    const tabA = createFormIdStore(memoryStorage(), local, counter());
    const tabB = createFormIdStore(memoryStorage(), local, counter());
    tabA.markRegistered("abc");
    expect(tabB.wasRegistered("abc")).toBe(true);
    expect(tabB.wasRegistered("other")).toBe(false);
  });

  it("are never offered again as the current id, even if a stale tab stored one", () => {
    const session = memoryStorage();
    const local = memoryStorage();
    session.setItem(FORM_ID_KEY, "abc");
    local.setItem(REGISTERED_IDS_KEY, JSON.stringify(["abc"]));
    expect(createFormIdStore(session, local, () => "fresh").current()).toBe("fresh");
  });

  it("keep a bounded list and survive garbage in storage", () => {
    const local = memoryStorage();
    local.setItem(REGISTERED_IDS_KEY, "{not json");
    const store = createFormIdStore(memoryStorage(), local, counter());
    expect(store.wasRegistered("x")).toBe(false);
    for (let i = 0; i < 250; i++) store.markRegistered(`p-${i}`);
    expect(store.wasRegistered("p-249")).toBe(true);
    expect(store.wasRegistered("p-0")).toBe(false);
    expect(JSON.parse(local.data.get(REGISTERED_IDS_KEY) ?? "[]")).toHaveLength(200);
  });
});

it("works in memory when storage throws (privacy modes)", () => {
  const broken = {
    getItem: () => {
      throw new Error("denied");
    },
    setItem: () => {
      throw new Error("denied");
    },
  };
  const store = createFormIdStore(broken, broken, counter());
  const id = store.current();
  expect(store.current()).toBe(id);
  expect(store.renew()).not.toBe(id);
});
