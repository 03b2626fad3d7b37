"use client";

import { useSyncExternalStore } from "react";

const noop = () => () => {};

/**
 * False on the server and while React hydrates this part of the page, true once it is live.
 * Controls rendered disabled until then cannot take a choice that React would drop on hydration
 * (a select changed on a slow machine before its handlers existed silently reverted).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
