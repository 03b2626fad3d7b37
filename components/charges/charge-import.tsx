"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import Link from "next/link";
import type { z } from "zod";
import { Label } from "@/components/ui/input";
import { FormAlert } from "@/components/ui/notice";
import type { chargeImportAnswer } from "@/lib/charges/answers";
import { CHARGE_COLUMNS } from "@/lib/charges/columns";
import { answerWith } from "@/lib/domain/answer";
import { ApiRequestError, messageForStatus } from "@/lib/domain/api-client";
import { formatBRL } from "@/lib/pix/money";
import { chargeQueries } from "@/lib/queries/charges";
import { lookAgain } from "@/lib/queries/look-again";

const readImport = answerWith<z.output<typeof chargeImportAnswer>>({ created: "number", charges: "array", errors: "array" });

/**
 * Many charges from a spreadsheet (CSV or XLSX, the columns of POST /api/charges/import): the
 * good rows are made at once, each bad one is listed by its line with the reason; sending the
 * file again after fixing it makes only what is new.
 */
export function ChargeImport() {
  const t = useTranslations("charges.import");
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.set("file", file);
      const response = await fetch("/api/charges/import", { method: "POST", body: form, credentials: "same-origin", headers: { accept: "application/json" } });
      const body: unknown = await response.json().catch(() => undefined);
      if (!response.ok) throw new ApiRequestError((body as { error?: string } | undefined)?.error || messageForStatus(response.status), { status: response.status });
      const answer = readImport(body);
      if (!answer) throw new ApiRequestError(messageForStatus(500), { status: response.status });
      return answer;
    },
    onSuccess: () => void lookAgain(queryClient, chargeQueries.all()),
  });
  const result = upload.data;
  return (
    <section className="flex max-w-2xl flex-col gap-3" aria-labelledby="charge-import-title">
      <h2 id="charge-import-title" className="text-base font-semibold text-fg">{t("title")}</h2>
      <p className="text-sm text-fg-muted">{t("intro")}</p>
      <code className="block rounded-md bg-surface-muted p-2 font-mono text-xs [overflow-wrap:anywhere]">{CHARGE_COLUMNS.join(";")}</code>
      <Label htmlFor="charge-file">{t("file")}</Label>
      <input
        id="charge-file"
        type="file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        disabled={upload.isPending}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) upload.mutate(file);
          event.target.value = "";
        }}
        className="text-sm"
      />
      {upload.isPending ? <p role="status" className="text-sm text-fg-muted">{t("sending")}</p> : null}
      {upload.isError ? <FormAlert message={upload.error.message} /> : null}
      {result ? (
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
      ) : null}
    </section>
  );
}
