"use client";

import { Search } from "lucide-react";
import { useTranslations } from "next-intl";
import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { OPEN_LOOKUP_EVENT, type OpenLookupDetail } from "./lookup-events";
import { cn } from "@/lib/utils";

const loadDialog = () => import("./lookup-dialog");
const LookupDialog = lazy(loadDialog);

const noSubscribe = () => () => {};
/** The element focus should go back to when the dialog closes. */
function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}
const isApple = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/**
 * "Look up payment": the header's box that finds any payment from a pasted id. Opens with
 * the button, Ctrl+K / Cmd+K anywhere, or `openLookup(query)` from a page. The dialog's code is
 * fetched when the pointer or focus reaches the button, or at the first opening (lookup-dialog.tsx).
 */
/** `compact`: icon and shortcut only, where the header also shows the balance. */
export function LookupBox({ compact = false }: { compact?: boolean }) {
  const t = useTranslations("lookup");
  const [open, setOpen] = useState(false);
  const [initialQuery, setInitialQuery] = useState("");
  const [session, setSession] = useState(0);
  const apple = useSyncExternalStore(noSubscribe, isApple, () => false);
  const [wanted, setWanted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);

  useEffect(() => {
    function show(query: string) {
      returnTo.current = focusedElement();
      setWanted(true);
      setInitialQuery(query);
      setSession((s) => s + 1);
      setOpen(true);
    }
    function onKeyDown(event: KeyboardEvent) {
      // Ctrl / Cmd pressed: maybe Ctrl+K is coming, fetch the dialog's code now.
      if (event.key === "Control" || event.key === "Meta") void loadDialog();
      if ((event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "k") {
        // Also when typing in a field: Ctrl+K would otherwise move focus to the browser's search.
        event.preventDefault();
        if (openRef.current) setOpen(false);
        else show("");
      }
    }
    function onOpenLookup(event: Event) {
      show((event as CustomEvent<OpenLookupDetail>).detail?.query ?? "");
    }
    window.addEventListener("keydown", onKeyDown);
    window.addEventListener(OPEN_LOOKUP_EVENT, onOpenLookup);
    return () => {
      window.removeEventListener("keydown", onKeyDown);
      window.removeEventListener(OPEN_LOOKUP_EVENT, onOpenLookup);
    };
  }, []);

  function onOpenChange(next: boolean) {
    if (next) {
      returnTo.current = focusedElement();
      setWanted(true);
      setInitialQuery("");
      setSession((s) => s + 1);
    }
    setOpen(next);
  }

  function returnFocus() {
    // Radix gives focus back a task after the dialog closed. On a busy machine (input outranks
    // timers) the dialog may be open again by then, with keys typed: its field keeps the focus.
    if (openRef.current) return;
    const target = returnTo.current?.isConnected ? returnTo.current : triggerRef.current;
    target?.focus();
  }

  return (
    <>
      <Button
        ref={triggerRef}
        size="sm"
        variant="muted"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-keyshortcuts="Control+K Meta+K"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => onOpenChange(true)}>
        <Search aria-hidden className="h-4 w-4" />
        {/* Compact (beside the balance): the icon and the shortcut, its words for screen readers. */}
        <span className={compact ? "sr-only" : "sr-only sm:not-sr-only"}>{t("open")}</span>
        {/* Beside the balance the hint waits for 3xl (1600 px): below it, its 40 px are the header's room for badges. */}
        <kbd
          aria-hidden
          className={cn(
            "hidden rounded border border-border bg-surface-muted px-1 font-sans text-[0.6875rem] text-fg-muted",
            compact ? "3xl:inline" : "md:inline",
          )}>
          {apple ? "⌘K" : "Ctrl K"}
        </kbd>
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <LookupDialog open={open} onOpenChange={onOpenChange} session={session} initialQuery={initialQuery} returnFocus={returnFocus} />
        </Suspense>
      ) : null}
    </>
  );
}
