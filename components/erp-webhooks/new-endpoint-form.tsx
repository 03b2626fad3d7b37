"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { FormField, useFieldError } from "@/components/transfer-form/form-field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import { answerParsedBy } from "@/lib/domain/answer-schema";
import { apiPost, isApiRequestError } from "@/lib/domain/api-client";
import { issuesToFields } from "@/lib/domain/zod-fields";
import { createEndpointBodySchema, DESCRIPTION_MAX, endpointWithSecretAnswer, URL_MAX } from "@/lib/erp/webhooks/schema";

const readCreated = answerParsedBy(endpointWithSecretAnswer);

/** Adds an endpoint; its secret is handed to `onCreated` (shown once by the caller). */
export function NewEndpointForm({ onCreated }: { onCreated: (created: { id: string; url: string; secret: string }) => void }) {
  const t = useTranslations("erpWebhooks");
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState("transfer.*, batch.*");
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: (body: { url: string; events: string[]; description?: string }) => apiPost("/api/webhook-endpoints", body, readCreated),
    onSuccess: ({ endpoint }) => {
      setUrl("");
      setDescription("");
      setErrors({});
      onCreated(endpoint);
    },
    onError: (error) => setErrors(isApiRequestError(error) && error.fields ? error.fields : { url: error.message }),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    const body = { url, events: events.split(",").map((e) => e.trim()).filter(Boolean), ...(description.trim() ? { description } : {}) };
    const parsed = createEndpointBodySchema.safeParse(body);
    if (!parsed.success) return setErrors(issuesToFields(parsed.error.issues, { fallback: "url", by: "top" }));
    create.mutate(body);
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-lg border border-border p-4" aria-label={t("newTitle")}>
      <h2 className="text-sm font-semibold text-fg">{t("newTitle")}</h2>
      <Field id="endpoint-url" label={t("url")} error={errors.url} hint={t("urlHint")}>
        {(c) => <Input {...c} value={url} maxLength={URL_MAX} onChange={(e) => setUrl(e.target.value)} inputMode="url" autoComplete="off" placeholder={t("urlPlaceholder")} />}
      </Field>
      <Field id="endpoint-events" label={t("events")} error={errors.events} hint={t("eventsHint")}>
        {(c) => <Input {...c} value={events} onChange={(e) => setEvents(e.target.value)} autoComplete="off" />}
      </Field>
      <Field id="endpoint-description" label={t("description")} error={errors.description}>
        {(c) => <Input {...c} value={description} maxLength={DESCRIPTION_MAX} onChange={(e) => setDescription(e.target.value)} autoComplete="off" />}
      </Field>
      <SubmitButton variant="primary" className="self-start" disabled={create.isPending} aria-busy={create.isPending}>
        {t("create")}
      </SubmitButton>
    </form>
  );
}

function Field(props: Parameters<typeof FormField>[0]) {
  return <FormField {...props} error={useFieldError(props.error)} />;
}
