"use client";

import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import { Dialog } from "radix-ui";
import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { LookupPanel } from "./lookup-panel";

type LookupDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Changes on every opening: the panel starts afresh. */
  session: number;
  initialQuery: string;
  /** Where focus goes back to on close (the element focused when the dialog opened). */
  returnFocus(): void;
};

/**
 * The lookup dialog itself, loaded on first use (see LookupBox): Radix's dialog, focus trap and
 * scroll lock and the lookup panel are code no page needs until someone looks up.
 * Focus stays inside, Esc closes, focus returns to where it was.
 */
export default function LookupDialog({ open, onOpenChange, session, initialQuery, returnFocus }: LookupDialogProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  const t = useTranslations("lookup");
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 backdrop-blur-[1px]" />
        <Dialog.Content
          ref={contentRef}
          onOpenAutoFocus={(event) => {
            // Straight into the field (not the Close button, which comes first).
            const input = contentRef.current?.querySelector("input");
            if (input) {
              event.preventDefault();
              // Radix may call this again while the dialog settles: by then a fast typist's first
              // characters are in the field, and selecting them again would let the next key erase them.
              if (document.activeElement === input) return;
              input.focus();
              input.select();
            }
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
          className="fixed left-1/2 top-[8vh] z-50 flex max-h-[84vh] w-[min(42rem,calc(100vw-2rem))] -translate-x-1/2 flex-col rounded-lg border border-border bg-surface text-fg shadow-xl focus:outline-none">
          <div className="flex items-start justify-between gap-3 border-b border-border px-4 py-3">
            <div>
              <Dialog.Title className="text-base font-semibold text-fg">{t("title")}</Dialog.Title>
              <Dialog.Description className="text-sm text-fg-muted">{t("description")}</Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t("close")}>
                <X aria-hidden className="h-4 w-4" />
              </Button>
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-4 py-4">
            <LookupPanel key={session} initialQuery={initialQuery} onDone={() => onOpenChange(false)} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
