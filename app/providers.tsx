"use client";

import { useEffect, type ReactNode } from "react";
import { CopyFeedback } from "@/components/ui/copy-feedback-region";

/**
 * What every page has, the sign-in pages too. TanStack Query and the URL state live in the
 * signed-in pages' own providers (app/(dashboard)/providers.tsx): the sign-in pages use neither
 * and do not ship them.
 */
export function Providers({ children }: { children: ReactNode }) {
  // Marks the document once React has hydrated it: e2e waits for it before typing or choosing,
  // since a control changed before hydration would be lost.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      {children}
      <CopyFeedback />
    </>
  );
}
