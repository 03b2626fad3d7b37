"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { answerParsedBy } from "@/lib/domain/answer-schema";
import { batchUploadedAnswer } from "@/lib/batches/answers";
import { ApiRequestError, messageForStatus } from "@/lib/domain/api-client";
import { UploadDropzone } from "./upload-dropzone";

const readCreated = answerParsedBy(batchUploadedAnswer);

type Refusal = { kind: "duplicate"; earlier: string; message: string } | { kind: "refused"; message: string };

/**
 * /batches/new: the file is sent as it is (no parsing in the browser); the server reads and
 * checks every row and the preview opens on the batch's page. Nothing is sent to the provider
 * until the batch is submitted there.
 */
export function NewBatch() {
  const t = useTranslations("batches.new");
  const router = useRouter();
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const upload = useMutation({
    mutationFn: async ({ chosen, allowDuplicate }: { chosen: File; allowDuplicate: boolean }) => {
      const form = new FormData();
      form.set("file", chosen);
      const response = await fetch(`/api/batches${allowDuplicate ? "?allow_duplicate=true" : ""}`, {
        method: "POST",
        body: form,
        credentials: "same-origin",
        headers: { accept: "application/json" },
      });
      const body: unknown = await response.json().catch(() => undefined);
      if (response.status === 409 && body && typeof body === "object" && "batch_id" in body) {
        const { batch_id, error } = body as { batch_id: string; error: string };
        return { duplicate: { earlier: batch_id, message: error } };
      }
      if (!response.ok) {
        const error = (body as { error?: string } | undefined)?.error;
        throw new ApiRequestError(error || messageForStatus(response.status), { status: response.status });
      }
      const created = readCreated(body);
      if (!created) throw new ApiRequestError(messageForStatus(500), { status: response.status });
      return { created: created.batch.id };
    },
    onSuccess: (result) => {
      if ("created" in result && result.created) router.push(`/batches/${result.created}`);
      else if ("duplicate" in result && result.duplicate) setRefusal({ kind: "duplicate", ...result.duplicate });
    },
    onError: (error) => setRefusal({ kind: "refused", message: error.message }),
  });

  const send = (chosen: File, allowDuplicate = false) => {
    setFile(chosen);
    setRefusal(null);
    upload.mutate({ chosen, allowDuplicate });
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <div>
        <h1 className="text-xl font-semibold text-fg">{t("title")}</h1>
        <p className="text-sm text-fg-muted">{t("intro")}</p>
      </div>
      <UploadDropzone onFile={(chosen) => send(chosen)} disabled={upload.isPending} />
      {upload.isPending ? (
        <p role="status" className="text-sm text-fg-muted">
          {t("uploading")}
        </p>
      ) : null}
      {refusal?.kind === "duplicate" ? (
        <div role="alert" className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100" data-testid="duplicate-file">
          <p className="font-semibold">{t("duplicate")}</p>
          <p>{refusal.message}</p>
          <div className="flex flex-wrap items-center gap-3">
            <Link href={`/batches/${refusal.earlier}`} className="font-medium underline">
              {t("openEarlier")}
            </Link>
            {file ? (
              <Button size="sm" onClick={() => send(file, true)}>
                {t("uploadAnyway")}
              </Button>
            ) : null}
          </div>
        </div>
      ) : refusal ? (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-950 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100" data-testid="file-refused">
          <p className="font-semibold">{t("refused")}</p>
          <p>{refusal.message}</p>
        </div>
      ) : null}
    </div>
  );
}
