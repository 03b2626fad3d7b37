"use client";

import { useCallback, useSyncExternalStore } from "react";

/**
 * A small preference kept in localStorage (per browser; the key says per what, e.g. per user).
 * The server and the first client render use `fallback`, so hydration never mismatches; a
 * stored value `read` refuses (an old version, a hand edit) is ignored. `read` is a plain
 * check, not a zod schema: this hook runs on /payments, which ships no zod.
 */
const CHANGE_EVENT = "stored-state-change";

function subscribe(onChange: () => void) {
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

function readRaw(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage disabled: preferences simply do not stick
  }
}

/** What a stored JSON value means, or undefined when it is not one of ours. */
type StoredReader<T> = (stored: unknown) => T | undefined;

export function useStoredState<T>(key: string, read: StoredReader<T>, fallback: T) {
  const raw = useSyncExternalStore(subscribe, () => readRaw(key), () => null);
  const value = parseStored(key, raw, read, fallback);
  const setValue = useCallback(
    (next: T) => {
      try {
        window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Quota or privacy mode: keep working without remembering.
      }
      window.dispatchEvent(new Event(CHANGE_EVENT));
    },
    [key],
  );
  return [value, setValue] as const;
}

const lastParsed = new Map<string, { raw: string; value: unknown }>();

/** Same stored text -> same object, so the value is stable across renders (table inputs care). */
function parseStored<T>(key: string, raw: string | null, read: StoredReader<T>, fallback: T): T {
  if (raw === null) return fallback;
  const cached = lastParsed.get(key);
  if (cached && cached.raw === raw) return cached.value as T;
  let value: T = fallback;
  try {
    value = read(JSON.parse(raw)) ?? fallback;
  } catch {
    value = fallback;
  }
  lastParsed.set(key, { raw, value });
  return value;
}
