"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { listenForCopyButtons, type CopyWords } from "./copy-feedback";

/** The document's copy buttons' one listener and one live region (mounted once, in the providers). */
export function CopyFeedback() {
  const t = useTranslations("common.copy");
  const region = useRef<HTMLSpanElement>(null);
  const words = useRef<CopyWords | null>(null);
  useEffect(() => {
    words.current = {
      copy: (what) => t("label", { what }),
      copied: (what) => t("copied", { what }),
      done: t("done"),
      refused: (what) => t("refused", { what }),
    };
  }, [t]);
  useEffect(
    () =>
      listenForCopyButtons(document, {
        write: (text) => navigator.clipboard.writeText(text),
        words: () => words.current ?? { copy: (w) => w, copied: (w) => w, done: "", refused: (w) => w },
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
