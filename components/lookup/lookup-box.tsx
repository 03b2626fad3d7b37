"use client";

import { Search, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { OPEN_LOOKUP_EVENT, type OpenLookupDetail } from "./lookup-events";
import { LookupPanel } from "./lookup-panel";

const noSubscribe = () => () => {};
const isApple = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/**
 * "Look up payment": the header's box that finds any payment from a pasted id. Opens with
 * the button, Ctrl+K / Cmd+K anywhere, or `openLookup(query)` from a page. A Radix dialog:
 * focus stays inside, Esc closes, focus returns to where it was.
 */
export function LookupBox() {
  const [open, setOpen] = useState(false);
  const [initialQuery, setInitialQuery] = useState("");
  const [session, setSession] = useState(0);
  const apple = useSyncExternalStore(noSubscribe, isApple, () => false);
  const contentRef = useRef<HTMLDivElement>(null);
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);

  useEffect(() => {
    function show(query: string) {
      setInitialQuery(query);
      setSession((s) => s + 1);
      setOpen(true);
    }
    function onKeyDown(event: KeyboardEvent) {
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
      setInitialQuery("");
      setSession((s) => s + 1);
    }
    setOpen(next);
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button size="sm" aria-keyshortcuts="Control+K Meta+K" className="text-fg-muted">
          <Search aria-hidden className="h-4 w-4" />
          <span className="sr-only sm:not-sr-only">Look up payment</span>
          <kbd aria-hidden className="hidden rounded border border-border bg-surface-muted px-1 font-sans text-[0.6875rem] text-fg-muted md:inline">
            {apple ? "⌘K" : "Ctrl K"}
          </kbd>
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 backdrop-blur-[1px]" />
        <Dialog.Content
          ref={contentRef}
          onOpenAutoFocus={(event) => {
            // Straight into the field (not the Close button, which comes first).
            const input = contentRef.current?.querySelector("input");
            if (input) {
              event.preventDefault();
              input.focus();
              input.select();
            }
          }}
          className="fixed left-1/2 top-[8vh] z-50 flex max-h-[84vh] w-[min(42rem,calc(100vw-2rem))] -translate-x-1/2 flex-col rounded-lg border border-border bg-surface text-fg shadow-xl focus:outline-none">
          <div className="flex items-start justify-between gap-3 border-b border-border px-4 py-3">
            <div>
              <Dialog.Title className="text-base font-semibold text-fg">Look up payment</Dialog.Title>
              <Dialog.Description className="text-sm text-fg-muted">
                Find a payment by its idempotent_id, end-to-end id or reference code.
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close">
                <X aria-hidden className="h-4 w-4" />
              </Button>
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-4 py-4">
            <LookupPanel key={session} initialQuery={initialQuery} onDone={() => setOpen(false)} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
