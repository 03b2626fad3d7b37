"use client";

import { useSyncExternalStore } from "react";

/**
 * Browser-side state of the live updates: the connection state for the header indicator and
 * the payments that changed a moment ago, so rows and cards can flash (`flash-change`).
 * A tiny external store: any component reads it without a provider around it.
 */
export type LiveConnectionState = "connecting" | "open" | "reconnecting" | "offline";

/** How long a changed payment counts as "recently changed" (the flash lasts 2 s). */
export const RECENT_CHANGE_MS = 2_500;

/** A short drop (the stream is renewed every few minutes) keeps showing "open" this long. */
export const DROP_GRACE_MS = 3_000;

let connection: LiveConnectionState = "connecting";
let pendingDrop: { timer: ReturnType<typeof setTimeout>; next: LiveConnectionState } | null = null;
const recent = new Map<string, ReturnType<typeof setTimeout>>();
// Immutable snapshot of the keys of `recent`, replaced on each change (useSyncExternalStore).
let recentSnapshot: ReadonlySet<string> = new Set();
const EMPTY: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();

function recentChanged(): void {
  recentSnapshot = new Set(recent.keys());
  notify();
}

function notify(): void {
  for (const l of listeners) l();
}

function apply(next: LiveConnectionState): void {
  if (next === connection) return;
  connection = next;
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const liveStore = {
  subscribe,
  getConnection: () => connection,
  setConnection(next: LiveConnectionState): void {
    if (connection === "open" && next !== "open") {
      // Keep "open" for a moment: it usually comes straight back.
      if (pendingDrop) {
        pendingDrop.next = next;
        return;
      }
      const timer = setTimeout(() => {
        const late = pendingDrop?.next ?? next;
        pendingDrop = null;
        apply(late);
      }, DROP_GRACE_MS);
      pendingDrop = { timer, next };
      return;
    }
    if (pendingDrop) clearTimeout(pendingDrop.timer);
    pendingDrop = null;
    apply(next);
  },
  /** Marks a payment as just changed; it stops counting after RECENT_CHANGE_MS. */
  markChanged(idempotentId: string): void {
    const previous = recent.get(idempotentId);
    if (previous) clearTimeout(previous);
    recent.set(
      idempotentId,
      setTimeout(() => {
        recent.delete(idempotentId);
        recentChanged();
      }, RECENT_CHANGE_MS),
    );
    recentChanged();
  },
  isRecent: (idempotentId: string) => recent.has(idempotentId),
};

/** The live connection's state ("connecting" while rendering on the server). */
export function useLiveConnection(): LiveConnectionState {
  return useSyncExternalStore(subscribe, liveStore.getConnection, () => "connecting");
}

/**
 * True for a moment after a webhook changed this payment (and its data was refetched).
 * Use: `className={cn(..., useRecentlyChanged(row.idempotent_id) && "flash-change")}`.
 */
export function useRecentlyChanged(idempotentId: string | null | undefined): boolean {
  return useSyncExternalStore(
    subscribe,
    () => (idempotentId ? recent.has(idempotentId) : false),
    () => false,
  );
}

/**
 * Every payment changed a moment ago, for tables: one subscription for all rows, e.g.
 * `const recent = useRecentChanges(); ... rowClassName={(p) => recent.has(p.idempotent_id) ? "flash-change" : undefined}`.
 */
export function useRecentChanges(): ReadonlySet<string> {
  return useSyncExternalStore(subscribe, () => recentSnapshot, () => EMPTY);
}
