"use client";

import { useEffect, useRef } from "react";
import { listenForCopyButtons } from "./copy-feedback";

/** The document's copy buttons' one listener and one live region (mounted once, in the providers). */
export function CopyFeedback() {
  const region = useRef<HTMLSpanElement>(null);
  useEffect(
    () =>
      listenForCopyButtons(document, {
        write: (text) => navigator.clipboard.writeText(text),
        announce: (message) => {
          if (!region.current) return;
          // Emptied first, so the same words said twice in a row are announced twice.
          region.current.textContent = "";
          requestAnimationFrame(() => {
            if (region.current) region.current.textContent = message;
          });
        },
      }),
    [],
  );
  return <span ref={region} className="sr-only" aria-live="polite" data-testid="copy-announcer" />;
}
