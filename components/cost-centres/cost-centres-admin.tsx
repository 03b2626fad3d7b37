"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { FormField, useFieldError } from "@/components/transfer-form/form-field";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { ErrorState } from "@/components/ui/error-state";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { COST_CENTRE_CODE_MAX, COST_CENTRE_NAME_MAX, costCentreInputSchema, costCentrePatchSchema } from "@/lib/cost-centres/schema";
import type { CostCentre } from "@/lib/cost-centres/types";
import { answerParsedBy } from "@/lib/domain/answer-schema";
import { costCentreAnswer } from "@/lib/cost-centres/answers";
import { apiPatch, apiPost, isApiRequestError } from "@/lib/domain/api-client";
import { costCentreQueries } from "@/lib/queries/cost-centres";
import { cn } from "@/lib/utils";
import { issuesToFields } from "@/lib/domain/zod-fields";
import { lookAgain } from "@/lib/queries/look-again";

const readOne = answerParsedBy(costCentreAnswer);

/**
 * The admins' list of cost centres: create one (code and name), rename it, deactivate it (it
 * leaves the form's list; transfers that name it keep it) or use it again. Every change is
 * audited on the server.
 */
export function CostCentresAdmin() {
  const t = useTranslations("costCentres");
  const queryClient = useQueryClient();
  const list = useQuery(costCentreQueries.list(true));
  const [done, setDone] = useState<string | null>(null);
  const refresh = (text: string) => {
    setDone(text);
    void lookAgain(queryClient, costCentreQueries.all());
  };

  return (
    <div className="flex flex-col gap-5">
      <NewCostCentre onCreated={(c) => refresh(t("done.created", { code: c.code }))} />
      {done ? (
        <p role="status" className="text-sm font-medium text-green-800 dark:text-green-400">
          {done}
        </p>
      ) : null}
      {list.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : list.isError ? (
        <ErrorState title={t("loadError")} error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : list.data.cost_centres.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-8 text-center text-sm text-fg-muted" role="status">
          {t("empty")}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border" aria-label={t("listLabel")}>
          {list.data.cost_centres.map((c) => (
            <CostCentreRow key={c.id} centre={c} onChanged={refresh} />
          ))}
        </ul>
      )}
    </div>
  );
}

function NewCostCentre({ onCreated }: { onCreated: (c: CostCentre) => void }) {
  const t = useTranslations("costCentres");
  const [code, setCode] = useState("");
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: (body: { code: string; name: string }) => apiPost("/api/cost-centres", body, readOne),
    onSuccess: ({ cost_centre }) => {
      setCode("");
      setName("");
      setErrors({});
      onCreated(cost_centre);
    },
    onError: (error) => setErrors(isApiRequestError(error) && error.fields ? error.fields : { code: error.message }),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = costCentreInputSchema.safeParse({ code, name });
    if (!parsed.success) {
      return setErrors(issuesToFields(parsed.error.issues, { fallback: "code", by: "top" }));
    }
    create.mutate({ code, name });
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-3 rounded-lg border border-border p-4" aria-label={t("newTitle")}>
      <Field id="centre-code" label={t("code")} error={errors.code} className="w-40">
        {(c) => <Input {...c} value={code} maxLength={COST_CENTRE_CODE_MAX} onChange={(e) => setCode(e.target.value)} autoComplete="off" placeholder={t("codePlaceholder")} />}
      </Field>
      <Field id="centre-name" label={t("name")} error={errors.name} className="min-w-[14rem] flex-1">
        {(c) => <Input {...c} value={name} maxLength={COST_CENTRE_NAME_MAX} onChange={(e) => setName(e.target.value)} autoComplete="off" />}
      </Field>
      <SubmitButton variant="primary" className="mt-6" disabled={create.isPending} aria-busy={create.isPending}>
        {t("create")}
      </SubmitButton>
    </form>
  );
}

function CostCentreRow({ centre, onChanged }: { centre: CostCentre; onChanged: (text: string) => void }) {
  const t = useTranslations("costCentres");
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(centre.name);
  const [error, setError] = useState<string | undefined>();
  const change = useMutation({
    mutationFn: (body: { name?: string; active?: boolean }) => apiPatch(`/api/cost-centres/${encodeURIComponent(centre.id)}`, body, readOne),
    onSuccess: ({ cost_centre }, body) => {
      setRenaming(false);
      setError(undefined);
      onChanged(
        body.active === false
          ? t("done.disabled", { code: cost_centre.code })
          : body.active === true
            ? t("done.enabled", { code: cost_centre.code })
            : t("done.renamed", { code: cost_centre.code, name: cost_centre.name }),
      );
    },
    onError: (e) => setError(isApiRequestError(e) && e.fields?.name ? e.fields.name : e.message),
  });
  function rename(event: FormEvent) {
    event.preventDefault();
    const parsed = costCentrePatchSchema.safeParse({ name });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    change.mutate({ name });
  }
  return (
    <li className={cn("flex flex-wrap items-center justify-between gap-3 px-4 py-3", !centre.active && "bg-surface-muted/50 text-fg-muted")} data-cost-centre={centre.code}>
      {renaming ? (
        <form onSubmit={rename} className="flex flex-1 flex-wrap items-start gap-2" aria-label={t("renameNamed", { code: centre.code })}>
          <span className="mt-2 font-mono text-sm font-semibold">{centre.code}</span>
          <Field id={`rename-${centre.id}`} label={t("name")} error={error} className="min-w-[12rem] flex-1" srLabel>
            {(c) => <Input {...c} value={name} maxLength={COST_CENTRE_NAME_MAX} onChange={(e) => setName(e.target.value)} autoFocus />}
          </Field>
          <SubmitButton size="sm" variant="primary" className="mt-0.5" disabled={change.isPending}>
            {t("save")}
          </SubmitButton>
          <Button size="sm" className="mt-0.5" onClick={() => (setRenaming(false), setName(centre.name), setError(undefined))} disabled={change.isPending}>
            {t("cancel")}
          </Button>
        </form>
      ) : (
        <>
          <div className="flex min-w-0 items-baseline gap-3">
            <span className="font-mono text-sm font-semibold text-fg">{centre.code}</span>
            <span className="truncate text-sm">{centre.name}</span>
            {!centre.active ? <span className="rounded border border-border px-1.5 py-0.5 text-xs">{t("inactive")}</span> : null}
          </div>
          <div className="flex gap-2">
            <Button size="sm" onClick={() => setRenaming(true)} aria-label={t("renameNamed", { code: centre.code })}>
              {t("rename")}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={change.isPending}
              onClick={() => change.mutate({ active: !centre.active })}
              aria-label={centre.active ? t("disableNamed", { code: centre.code }) : t("enableNamed", { code: centre.code })}
            >
              {centre.active ? t("disable") : t("enable")}
            </Button>
          </div>
          {error ? (
            <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          ) : null}
        </>
      )}
    </li>
  );
}

/** A labelled field whose error is a message key (from the schema) or the server's words. */
function Field({ srLabel, ...props }: Parameters<typeof FormField>[0] & { srLabel?: boolean }) {
  return <FormField {...props} className={cn(props.className, srLabel && "[&>label]:sr-only")} error={useFieldError(props.error)} />;
}
