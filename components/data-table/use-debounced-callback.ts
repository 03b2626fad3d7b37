"use client";

import { useCallback, useEffect, useMemo, useRef } from "react";

/**
 * `run(value)` calls `callback(value)` once `delayMs` has passed without another call;
 * `flush()` runs a pending call now, `cancel()` drops it. The latest callback is always used.
 */
export function useDebouncedCallback<T>(callback: (value: T) => void, delayMs: number) {
  const callbackRef = useRef(callback);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<{ value: T } | null>(null);

  useEffect(() => {
    callbackRef.current = callback;
  }, [callback]);

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
  }, []);

  const flush = useCallback(() => {
    const next = pending.current;
    cancel();
    if (next) callbackRef.current(next.value);
  }, [cancel]);

  const run = useCallback(
    (value: T) => {
      if (timer.current) clearTimeout(timer.current);
      pending.current = { value };
      timer.current = setTimeout(flush, delayMs);
    },
    [delayMs, flush],
  );

  useEffect(() => cancel, [cancel]);
  return useMemo(() => ({ run, flush, cancel }), [run, flush, cancel]);
}
