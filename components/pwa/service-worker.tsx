"use client";

import { useEffect } from "react";
import { serviceWorker } from "@/lib/push/browser";

/**
 * Registers /sw.js once the page is up: it makes the back office installable, shows the offline
 * page when the network is gone (it keeps nothing: no page, no money data) and receives the pushes.
 */
export function ServiceWorker() {
  useEffect(() => {
    void serviceWorker().catch(() => undefined);
  }, []);
  return null;
}
