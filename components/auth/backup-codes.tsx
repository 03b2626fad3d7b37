"use client";

import { Copy } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";

/** One-time backup codes, shown once, with a button that copies them all. */
export function BackupCodes({ codes }: { codes: string[] }) {
  const t = useTranslations("security.twoFactor");
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <ol aria-label={t("backupTitle")} className="grid max-w-sm grid-cols-2 gap-x-6 gap-y-1 rounded-md border border-border bg-surface-muted px-4 py-3 font-mono text-sm text-fg">
        {codes.map((code) => (
          <li key={code} data-backup-code>
            {code}
          </li>
        ))}
      </ol>
      <div className="flex items-center gap-2">
        <Button
          size="sm"
          onClick={() => {
            void navigator.clipboard?.writeText(codes.join("\n")).then(() => setCopied(true), () => setCopied(false));
          }}
        >
          <Copy aria-hidden className="h-4 w-4" />
          {t("copyCodes")}
        </Button>
        <span role="status" className="text-xs text-fg-muted">
          {copied ? t("copied") : ""}
        </span>
      </div>
    </div>
  );
}
