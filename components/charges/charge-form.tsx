"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { FormAlert } from "@/components/ui/notice";
import { SubmitButton } from "@/components/ui/submit-button";
import type { chargeAnswer } from "@/lib/charges/answers";
import { chargeInputSchema } from "@/lib/charges/input";
import { answerWith } from "@/lib/domain/answer";
import { apiPost, isApiRequestError } from "@/lib/domain/api-client";
import { chargeQueries } from "@/lib/queries/charges";
import { lookAgain } from "@/lib/queries/look-again";
import type { z } from "zod";
import { ChargeFields, EMPTY_DRAFT, type ChargeDraft } from "./charge-fields";

const readOne = answerWith<z.output<typeof chargeAnswer>>({ charge: "object" });

/** The draft as the API's body: what was left empty is not sent. */
function toBody(d: ChargeDraft) {
  return {
    external_reference: d.external_reference,
    kind: d.kind,
    value_cents: d.value_cents ?? undefined,
    payer_name: d.payer_name,
    payer_document: d.payer_document,
    ...(d.payer_email.trim() ? { payer_email: d.payer_email } : {}),
    ...(d.description.trim() ? { description: d.description } : {}),
    due_date: d.due_date,
  };
}

/**
 * /charges/new: one charge. The container owns the draft and the mutation; the same schema as the
 * server checks it first (the server checks again), and the server's refusals land on their fields.
 * Made, it opens the charge's page (its QR code and the code to copy).
 */
export function ChargeForm() {
  const t = useTranslations();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ChargeDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const create = useMutation({
    mutationFn: (body: unknown) => apiPost("/api/charges", body, readOne),
    onSuccess: ({ charge }) => {
      void lookAgain(queryClient, chargeQueries.all());
      router.push(`/charges/${encodeURIComponent(charge.id)}`);
    },
    onError: (error) => {
      if (isApiRequestError(error) && error.fields) setErrors(error.fields);
    },
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const body = toBody(draft);
    const parsed = chargeInputSchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? "form");
        found[key] ??= t.has(issue.message as never) ? t(issue.message as never) : t("charges.form.failed");
      }
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(body);
  }

  return (
    <form onSubmit={submit} noValidate className="flex max-w-2xl flex-col gap-5" aria-labelledby="charge-form-title">
      <div>
        <h1 id="charge-form-title" className="text-xl font-semibold text-fg">{t("charges.form.title")}</h1>
        <p className="text-sm text-fg-muted">{t("charges.form.intro")}</p>
      </div>
      <ChargeFields draft={draft} errors={errors} onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))} />
      {create.isError ? <FormAlert message={create.error instanceof Error ? create.error.message : t("charges.form.failed")} /> : null}
      <div>
        <SubmitButton variant="primary" disabled={create.isPending}>
          {create.isPending ? t("charges.form.submitting") : t("charges.form.submit")}
        </SubmitButton>
      </div>
    </form>
  );
}
