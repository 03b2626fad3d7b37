/**
 * The idempotent_id of the transfer being typed: generated once per form and kept until the
 * transfer is registered, so a re-render, a retry or a reload of the same tab sends the SAME id
 * (a double submit then cannot move money twice). The current id lives in sessionStorage (one
 * per tab); ids already registered are remembered in localStorage so every tab refuses to send
 * them again.
 */
type FormIdStore = {
  /** The current form's id; created (and stored) on first use. Stable until `renew` or `keep`. */
  current(): string;
  /** Use this id from now on (an id edited under "Advanced" and sent). */
  keep(id: string): void;
  /** A fresh id for the next form. */
  renew(): string;
  markRegistered(id: string): void;
  wasRegistered(id: string): boolean;
  subscribe(listener: () => void): () => void;
};

export const FORM_ID_KEY = "register-transfer:idempotent-id";
export const REGISTERED_IDS_KEY = "register-transfer:registered-ids";
/** How many registered ids each browser remembers (the provider still refuses older repeats). */
const REMEMBERED = 200;

type KeyValue = Pick<Storage, "getItem" | "setItem">;

export function createFormIdStore(
  session: KeyValue | null,
  local: KeyValue | null,
  newId: () => string = () => crypto.randomUUID(),
): FormIdStore {
  let id: string | null = null;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());

  function save(value: string) {
    id = value;
    safely(() => session?.setItem(FORM_ID_KEY, value));
    notify();
  }

  function registered(): string[] {
    const raw = safely(() => local?.getItem(REGISTERED_IDS_KEY)) ?? null;
    if (!raw) return [];
    try {
      const list: unknown = JSON.parse(raw);
      return Array.isArray(list) ? list.filter((x): x is string => typeof x === "string") : [];
    } catch {
      return [];
    }
  }

  return {
    current() {
      if (id !== null) return id;
      const stored = safely(() => session?.getItem(FORM_ID_KEY)) ?? null;
      id = stored && !registered().includes(stored) ? stored : newId();
      if (id !== stored) safely(() => session?.setItem(FORM_ID_KEY, id as string));
      return id;
    },
    keep(value) {
      if (value !== id) save(value);
    },
    renew() {
      save(newId());
      return id as string;
    },
    markRegistered(value) {
      const list = registered().filter((x) => x !== value);
      list.push(value);
      safely(() => local?.setItem(REGISTERED_IDS_KEY, JSON.stringify(list.slice(-REMEMBERED))));
      notify();
    },
    wasRegistered(value) {
      return registered().includes(value);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Storage can throw (privacy modes, quota): the form then keeps its id in memory only. */
function safely<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

let browserStore: FormIdStore | null = null;

/** The tab's store (browser only). */
export function getFormIdStore(): FormIdStore {
  browserStore ??= createFormIdStore(
    safely(() => window.sessionStorage) ?? null,
    safely(() => window.localStorage) ?? null,
  );
  return browserStore;
}
