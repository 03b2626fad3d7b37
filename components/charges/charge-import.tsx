"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/input";
import { FormAlert } from "@/components/ui/notice";
import type { chargeImportAnswer, chargeImportPreviewAnswer } from "@/lib/charges/answers";
import { CHARGE_COLUMNS } from "@/lib/charges/columns";
import { answerWith } from "@/lib/domain/answer";
import { ApiRequestError, messageForStatus } from "@/lib/domain/api-client";
import { formatBRL } from "@/lib/pix/money";
import { chargeQueries } from "@/lib/queries/charges";
import { lookAgain } from "@/lib/queries/look-again";
import { ImportPreviewTable, ImportPreviewTotals } from "./import-preview";
import { ImportResult } from "./import-result";

const readImport = answerWith<z.output<typeof chargeImportAnswer>>({ created: "number", charges: "array", errors: "array" });
const readPreview = answerWith<z.output<typeof chargeImportPreviewAnswer>>({ rows: "array", totals: "object" });

/** Sends the file to one of the two import routes; a refusal becomes an error with the server's words. */
async function sendFile<T>(path: string, file: File, read: (body: unknown) => T | undefined): Promise<T> {
  const form = new FormData();
  form.set("file", file);
  const response = await fetch(path, { method: "POST", body: form, credentials: "same-origin", headers: { accept: "application/json" } });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiRequestError((body as { error?: string } | undefined)?.error || messageForStatus(response.status), { status: response.status });
  const answer = read(body);
  if (!answer) throw new ApiRequestError(messageForStatus(500), { status: response.status });
  return answer;
}

/**
 * Many charges from a spreadsheet (CSV or XLSX, the columns of POST /api/charges/import), in two
 * steps: the file is checked first (each row as the import will take it, with the totals; nothing
 * is made), then the operator confirms and the same file is imported. Sending it again after
 * fixing it makes only what is new.
 */
export function ChargeImport() {
  const t = useTranslations("charges.import");
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const preview = useMutation({ mutationFn: (f: File) => sendFile("/api/charges/import/preview", f, readPreview) });
  const upload = useMutation({
    mutationFn: (f: File) => sendFile("/api/charges/import", f, readImport),
    onSuccess: () => void lookAgain(queryClient, chargeQueries.all()),
  });
  const choose = (f: File | undefined) => {
    upload.reset();
    setFile(f ?? null);
    if (f) preview.mutate(f);
    else preview.reset();
  };
  const checked = preview.data;
  const toMake = checked?.totals.new.count ?? 0;

  return (
    <section className="flex flex-col gap-3" aria-labelledby="charge-import-title">
      <h2 id="charge-import-title" className="text-base font-semibold text-fg">{t("title")}</h2>
      <p className="max-w-2xl text-sm text-fg-muted">{t("intro")}</p>
      <code className="block max-w-2xl rounded-md bg-surface-muted p-2 font-mono text-xs [overflow-wrap:anywhere]">{CHARGE_COLUMNS.join(";")}</code>
      <Label htmlFor="charge-file">{t("file")}</Label>
      <input
        id="charge-file"
        type="file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        disabled={preview.isPending || upload.isPending}
        onChange={(event) => {
          choose(event.target.files?.[0]);
          event.target.value = "";
        }}
        className="text-sm"
      />
      {preview.isPending ? <p role="status" className="text-sm text-fg-muted">{t("checking")}</p> : null}
      {preview.isError ? <FormAlert message={preview.error.message} /> : null}
      {checked && file && !upload.data ? (
        <div className="flex flex-col gap-3" data-testid="charge-import-preview">
          <p className="text-sm text-fg-muted">{t("preview.intro", { file: file.name })}</p>
          <ImportPreviewTotals totals={checked.totals} />
          {checked.totals.invalid.count > 0 ? <p className="text-sm text-red-700 dark:text-red-400">{t("preview.invalidNote", { count: checked.totals.invalid.count })}</p> : null}
          <ImportPreviewTable rows={checked.rows} />
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="primary" disabled={toMake === 0 || upload.isPending} onClick={() => upload.mutate(file)} data-testid="charge-import-confirm">
              {upload.isPending ? t("sending") : t("preview.confirm", { count: toMake, total: formatBRL(checked.totals.new.value_cents) })}
            </Button>
            <Button variant="ghost" disabled={upload.isPending} onClick={() => choose(undefined)}>
              {t("preview.cancel")}
            </Button>
          </div>
        </div>
      ) : null}
      {upload.isError ? <FormAlert message={upload.error.message} /> : null}
      {upload.data ? <ImportResult result={upload.data} /> : null}
    </section>
  );
}
