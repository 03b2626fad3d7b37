"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { parseAsString, useQueryState } from "nuqs";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { Input, Label } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { answerParsedBy } from "@/lib/domain/answer-schema";
import { receiverAnswer, receiverDeletedAnswer } from "@/lib/receivers/answers";
import { apiDelete, apiPatch, apiPost, isApiRequestError } from "@/lib/domain/api-client";
import { receiverQueries } from "@/lib/queries/receivers";
import type { ReceiverInput } from "@/lib/receivers/schema";
import { receiverMatches } from "@/lib/receivers/search";
import type { SavedReceiver } from "@/lib/receivers/types";
import { ReceiverForm } from "./receiver-form";
import { ReceiversTable } from "./receivers-table";
import { lookAgain } from "@/lib/queries/look-again";

const readOne = answerParsedBy(receiverAnswer);
const readDeleted = answerParsedBy(receiverDeletedAnswer);

type Editing = { kind: "new" } | { kind: "edit"; receiver: SavedReceiver } | null;

/**
 * /receivers: the saved receivers ("favorecidos") the transfer form offers, searched as typed
 * (nickname, name or CPF/CNPJ, accents and case aside; the search is in the URL), created,
 * changed and deleted by the people who make transfers (each change audited). Others read them.
 */
export function ReceiversPage({ canEdit }: { canEdit: boolean }) {
  const t = useTranslations("receivers");
  const queryClient = useQueryClient();
  const list = useQuery(receiverQueries.list());
  const [q, setQ] = useQueryState("q", parseAsString.withDefault("").withOptions({ clearOnDefault: true }));
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<SavedReceiver | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: ({ body, id }: { body: ReceiverInput; id?: string }) =>
      id ? apiPatch(`/api/receivers/${encodeURIComponent(id)}`, body, readOne) : apiPost("/api/receivers", body, readOne),
    onSuccess: ({ receiver }, { id }) => {
      setEditing(null);
      setFieldErrors({});
      setDone(t(id ? "done.changed" : "done.created", { nickname: receiver.nickname }));
      void lookAgain(queryClient, receiverQueries.all());
    },
    onError: (error) => setFieldErrors(isApiRequestError(error) && error.fields ? error.fields : {}),
  });
  const remove = useMutation({
    mutationFn: (r: SavedReceiver) => apiDelete(`/api/receivers/${encodeURIComponent(r.id)}`, readDeleted),
    onSuccess: (_answer, r) => {
      setDeleting(null);
      setDone(t("done.deleted", { nickname: r.nickname }));
      void lookAgain(queryClient, receiverQueries.all());
    },
  });

  const open = (next: Editing) => {
    save.reset();
    setFieldErrors({});
    setDone(null);
    setEditing(next);
  };
  const receivers = list.data?.receivers ?? [];
  const shown = receivers.filter((r) => receiverMatches(r, q));

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold text-fg">{t("title")}</h1>
          <p className="max-w-3xl text-sm text-fg-muted">{t("intro")}</p>
        </div>
        {canEdit && !editing ? (
          <Button variant="primary" onClick={() => open({ kind: "new" })}>
            {t("new")}
          </Button>
        ) : null}
      </div>
      {done ? (
        <p role="status" className="text-sm font-medium text-green-800 dark:text-green-400">
          {done}
        </p>
      ) : null}
      {editing ? (
        <Card className="flex flex-col gap-3 p-5">
          <h2 className="text-base font-semibold text-fg">{editing.kind === "new" ? t("form.newTitle") : t("form.editTitle", { nickname: editing.receiver.nickname })}</h2>
          {save.error && !Object.keys(fieldErrors).length ? <Notice>{save.error.message}</Notice> : null}
          <ReceiverForm
            key={editing.kind === "edit" ? editing.receiver.id : "new"}
            receiver={editing.kind === "edit" ? editing.receiver : null}
            busy={save.isPending}
            serverErrors={fieldErrors}
            onCancel={() => setEditing(null)}
            onSubmit={(body) => save.mutate({ body, id: editing.kind === "edit" ? editing.receiver.id : undefined })}
          />
        </Card>
      ) : null}
      <div className="flex max-w-md flex-col gap-1">
        <Label htmlFor="receivers-search">{t("search")}</Label>
        <Input id="receivers-search" type="search" value={q} onChange={(e) => void setQ(e.target.value)} placeholder={t("searchPlaceholder")} maxLength={100} />
      </div>
      {deleting ? (
        <div className="flex flex-col gap-2 rounded-lg border border-red-300 bg-red-50/60 p-3 dark:border-red-800 dark:bg-red-950/20" role="group" aria-label={t("delete.title")}>
          <p className="text-sm text-fg">{t("delete.confirm", { nickname: deleting.nickname })}</p>
          {remove.error ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {remove.error.message}
            </p>
          ) : null}
          <div className="flex gap-2">
            <Button variant="danger" onClick={() => remove.mutate(deleting)} disabled={remove.isPending} aria-busy={remove.isPending}>
              {t("delete.yes")}
            </Button>
            <Button onClick={() => setDeleting(null)} disabled={remove.isPending}>
              {t("delete.no")}
            </Button>
          </div>
        </div>
      ) : null}
      {list.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-2">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : list.isError ? (
        <ErrorState title={t("loadError")} error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : shown.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-10 text-center text-sm text-fg-muted" role="status">
          {receivers.length === 0 ? t("empty") : t("noMatch", { q })}
        </p>
      ) : (
        <>
          <p className="text-sm text-fg-muted" role="status">
            {t("count", { shown: shown.length, total: receivers.length })}
          </p>
          <ReceiversTable
            receivers={shown}
            canEdit={canEdit}
            onEdit={(r) => open({ kind: "edit", receiver: r })}
            onDelete={(r) => {
              remove.reset();
              setDone(null);
              setDeleting(r);
            }}
          />
        </>
      )}
    </div>
  );
}
