"use client";

import { Copy } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";

/**
 * A service token's value, shown once with its own words ("Token de ERP, mostrado só agora") and a
 * copy button: after "Issue token", and to the admin who confirmed an operator account's token.
 * Never the set-password link's box: a token is not a link.
 */
export function TokenShownOnce({ name, value }: { name: string; value: string }) {
  const t = useTranslations("serviceAccounts");
  const [copied, setCopied] = useState(false);
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5 rounded-md border border-green-300 bg-green-50 p-2 dark:border-green-800 dark:bg-green-950/40">
      <label htmlFor={id} className="text-sm text-fg">
        {t("issue.shownOnce", { name })}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          className="h-8 min-w-0 flex-1 rounded-md border border-border bg-surface px-2 font-mono text-xs text-fg"
          data-testid="service-token-value"
        />
        <Button size="sm" onClick={() => void navigator.clipboard?.writeText(value).then(() => setCopied(true), () => setCopied(false))}>
          <Copy aria-hidden className="h-4 w-4" />
          {t("copy")}
        </Button>
        <span role="status" className="text-xs text-fg-muted">
          {copied ? t("copied") : ""}
        </span>
      </div>
    </div>
  );
}
