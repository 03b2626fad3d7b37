"use client";

import { useState } from "react";
import { cn } from "@/lib/utils";
import { MaskIcon } from "./mask-icon";

/** Copies a value to the clipboard and says so (to screen readers too). */
export function CopyButton({ value, label, className }: { value: string; label: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  async function copy(event: React.MouseEvent) {
    event.stopPropagation();
    event.preventDefault();
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      setCopied(false);
    }
  }
  return (
    <button
      type="button"
      onClick={copy}
      aria-label={copied ? `${label} copied` : `Copy ${label}`}
      title={copied ? "Copied" : `Copy ${label}`}
      className={cn("inline-flex h-6 w-6 shrink-0 items-center justify-center rounded text-fg-muted hover:bg-surface-muted hover:text-fg", className)}
    >
      {copied ? <MaskIcon name="check" className="h-3.5 w-3.5 text-green-700 dark:text-green-400" /> : <MaskIcon name="copy" className="h-3.5 w-3.5" />}
      <span className="sr-only" aria-live="polite">{copied ? "Copied" : ""}</span>
    </button>
  );
}
