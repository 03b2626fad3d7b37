"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import type { z } from "zod";
import type { chargeImportAnswer } from "@/lib/charges/answers";
import { formatBRL } from "@/lib/pix/money";

/** After the confirmation: what was made (or was already there), each a link, and the rows left out by line. */
export function ImportResult({ result }: { result: z.output<typeof chargeImportAnswer> }) {
  const t = useTranslations("charges.import");
  return (
    <div className="flex flex-col gap-2" role="status" data-testid="charge-import-result">
      <p className="text-sm font-medium text-fg">{t("result", { created: result.created, listed: result.charges.length, errors: result.errors.length })}</p>
      {result.charges.length ? (
        <ul className="flex flex-col gap-1 text-sm">
          {result.charges.map((c) => (
            <li key={c.id}>
              <Link href={`/charges/${encodeURIComponent(c.id)}`} className="text-blue-700 underline-offset-2 hover:underline dark:text-blue-300">
                {c.external_reference}
              </Link>{" "}
              · {c.payer_name} · {formatBRL(c.value_cents)}
            </li>
          ))}
        </ul>
      ) : null}
      {result.errors.length ? (
        <ul className="flex flex-col gap-1 text-sm text-red-700 dark:text-red-400">
          {result.errors.map((e) => (
            <li key={e.line}>{t("line", { line: e.line, reason: e.reason })}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
