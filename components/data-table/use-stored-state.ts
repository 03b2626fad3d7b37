"use client";

import { useCallback, useSyncExternalStore } from "react";
import type { z } from "zod";

/**
 * A small preference kept in localStorage (per browser; the key says per what, e.g. per user).
 * The server and the first client render use `fallback`, so hydration never mismatches; a
 * stored value that no longer fits `schema` (an old version) is ignored.
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

export function useStoredState<S extends z.ZodType>(key: string, schema: S, fallback: z.output<S>) {
  const raw = useSyncExternalStore(subscribe, () => readRaw(key), () => null);
  const value = parseStored(key, raw, schema, fallback);
  const setValue = useCallback(
    (next: z.output<S>) => {
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
function parseStored<S extends z.ZodType>(key: string, raw: string | null, schema: S, fallback: z.output<S>): z.output<S> {
  if (raw === null) return fallback;
  const cached = lastParsed.get(key);
  if (cached && cached.raw === raw) return cached.value as z.output<S>;
  let value: z.output<S> = fallback;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    if (parsed.success) value = parsed.data;
  } catch {
    value = fallback;
  }
  lastParsed.set(key, { raw, value });
  return value;
}
