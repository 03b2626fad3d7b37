"use client";

import { useCallback, useState } from "react";
import { addRecentLookup, parseRecentLookups, RECENT_LOOKUPS_KEY, type RecentLookup } from "@/lib/lookup/recent";

function read(): RecentLookup[] {
  try {
    return parseRecentLookups(window.localStorage.getItem(RECENT_LOOKUPS_KEY));
  } catch {
    return []; // storage disabled (private mode, policy): no recents, no crash
  }
}

function write(list: RecentLookup[]): void {
  try {
    if (list.length === 0) window.localStorage.removeItem(RECENT_LOOKUPS_KEY);
    else window.localStorage.setItem(RECENT_LOOKUPS_KEY, JSON.stringify(list));
  } catch {
    // Quota or disabled storage: the lookup itself still works.
  }
}

/**
 * The last 8 lookups of this browser (localStorage). Only mounted inside the open dialog,
 * so reading storage in the initial state never runs on the server.
 */
export function useRecentLookups() {
  const [recent, setRecent] = useState<RecentLookup[]>(read);

  const remember = useCallback((entry: RecentLookup) => {
    // Start from storage, not state: another tab may have added lookups meanwhile.
    const next = addRecentLookup(read(), entry);
    write(next);
    setRecent(next);
  }, []);

  const clear = useCallback(() => {
    write([]);
    setRecent([]);
  }, []);

  return { recent, remember, clear };
}
