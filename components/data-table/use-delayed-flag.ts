"use client";

import { useEffect, useState } from "react";

/**
 * `on`, but only once it has stayed on for `delayMs`; off at once. For loading looks: an answer
 * that comes quickly replaces the view without a flash of dimming first (and without repainting
 * a 100-row table twice), a slow one still dims it.
 */
export function useDelayedFlag(on: boolean, delayMs: number): boolean {
  const [late, setLate] = useState(false);
  const [wasOn, setWasOn] = useState(on);
  if (on !== wasOn) {
    // Reset while rendering (React's pattern for state that follows a prop), not in an effect.
    setWasOn(on);
    if (!on) setLate(false);
  }
  useEffect(() => {
    if (!on) return;
    const timer = setTimeout(() => setLate(true), delayMs);
    return () => clearTimeout(timer);
  }, [on, delayMs]);
  return on && late;
}
