"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { useEffect, type ReactNode } from "react";
import { CopyFeedback } from "@/components/ui/copy-feedback-region";
import { getQueryClient } from "@/lib/queries/query-client";

export function Providers({ children }: { children: ReactNode }) {
  const queryClient = getQueryClient();
  // Marks the document once React has hydrated it: e2e waits for it before typing or choosing,
  // since a control changed before hydration would be lost.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <NuqsAdapter>{children}</NuqsAdapter>
      <CopyFeedback />
    </QueryClientProvider>
  );
}
