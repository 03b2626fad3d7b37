"use client";

import { useEffect, type RefObject } from "react";

/** "/" anywhere outside a text field focuses the first control inside `container` (the filters). */
export function useSlashToFocus(container: RefObject<HTMLElement | null>) {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']")) return;
      const first = container.current?.querySelector<HTMLElement>("input, select, button");
      if (!first) return;
      event.preventDefault();
      first.focus();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [container]);
}
