"use client";

import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { connectLive } from "./live-connection";
import { createLiveInvalidator } from "./live-invalidator";
import { liveStore } from "./live-store";

export { useLiveConnection, useRecentChanges, useRecentlyChanged } from "./live-store";

/**
 * Live updates of the signed-in shell: one EventSource on /api/events for the whole tab,
 * however many components ask for it (shared, reference-counted). Each payment change
 * refetches what shows it (its detail, the lists, the overview, the event log) and marks it
 * as recently changed so rows and cards can flash.
 */
let shared: { client: QueryClient; users: number; close: () => void } | null = null;

function acquire(client: QueryClient): () => void {
  if (shared && shared.client !== client) {
    shared.close();
    shared = null;
  }
  if (!shared) {
    const invalidator = createLiveInvalidator(client, { onChanged: liveStore.markChanged });
    const connection = connectLive({
      onEvent: invalidator.handle,
      onState: liveStore.setConnection,
      // What changed since this page was requested is replayed: its server-rendered data may be older.
      since: performance.timeOrigin,
    });
    shared = {
      client,
      users: 0,
      close: () => {
        connection.close();
        invalidator.dispose();
      },
    };
  }
  const mine = shared;
  mine.users++;
  return () => {
    mine.users--;
    if (mine.users === 0 && shared === mine) {
      mine.close();
      shared = null;
    }
  };
}

export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => acquire(queryClient), [queryClient]);
}

/** `<LiveUpdates />` in the dashboard layout: runs useLiveUpdates(), renders nothing. */
export function LiveUpdates(): null {
  useLiveUpdates();
  return null;
}
