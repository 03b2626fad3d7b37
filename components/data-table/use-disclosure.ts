"use client";

import { useCallback, useEffect, useId, useRef, useState } from "react";

/**
 * A button that opens a small non-modal panel under it (a filter's date range, the column
 * chooser, the header's menu). Focus goes into the panel on open; Escape closes it and returns focus to the
 * button; a click outside or tabbing away closes it. A few lines instead of a positioning
 * library: the panel sits under its button, flipped to the right edge when it would not fit.
 */
export function useDisclosure(panelWidthPx: number) {
  const [open, setOpen] = useState(false);
  const [alignEnd, setAlignEnd] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  const close = useCallback((returnFocus = true) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }, []);

  const toggle = useCallback(() => {
    const rect = triggerRef.current?.getBoundingClientRect();
    if (rect) setAlignEnd(rect.left + panelWidthPx > document.documentElement.clientWidth - 8);
    setOpen((was) => !was);
  }, [panelWidthPx]);

  useEffect(() => {
    if (!open) return;
    const inside = (node: EventTarget | null) =>
      node instanceof Node && (panelRef.current?.contains(node) || triggerRef.current?.contains(node));
    const onPointerDown = (event: PointerEvent) => {
      if (!inside(event.target)) close(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        close();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!inside(event.target)) close(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("focusin", onFocusIn);
    // The first control shown (a menu may hold links hidden at this width); a panel whose
    // content is still being fetched (React.lazy) gets focus when that content arrives.
    const focusFirst = () => {
      const controls = panelRef.current?.querySelectorAll<HTMLElement>("a[href], input, select, button:not([disabled])") ?? [];
      const first = [...controls].find((control) => control.getClientRects().length > 0);
      first?.focus();
      return first !== undefined;
    };
    const panel = panelRef.current;
    const arriving = panel && !focusFirst() ? new MutationObserver(() => void (focusFirst() && arriving?.disconnect())) : null;
    arriving?.observe(panel!, { childList: true, subtree: true });
    return () => {
      arriving?.disconnect();
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [open, close]);

  return {
    open,
    close,
    triggerProps: { ref: triggerRef, "aria-expanded": open, "aria-controls": open ? panelId : undefined, onClick: toggle },
    panelProps: { ref: panelRef, id: panelId, style: { width: panelWidthPx }, "data-align": alignEnd ? "end" : "start" },
  };
}
