"use client";

import { Copy } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";

/** A one-time set-password link, shown once to the admin, with a copy button. */
export function OneTimeLink({ url }: { url: string }) {
  const t = useTranslations("users.create");
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label className="sr-only" htmlFor="one-time-link">
        {t("link")}
      </label>
      <input
        id="one-time-link"
        readOnly
        value={url}
        onFocus={(e) => e.currentTarget.select()}
        className="h-8 min-w-0 flex-1 rounded-md border border-border bg-surface px-2 font-mono text-xs text-fg"
        data-testid="set-password-link"
      />
      <Button
        size="sm"
        onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true), () => setCopied(false))}
      >
        <Copy aria-hidden className="h-4 w-4" />
        {t("copy")}
      </Button>
      <span role="status" className="text-xs text-fg-muted">
        {copied ? t("copied") : ""}
      </span>
    </div>
  );
}
