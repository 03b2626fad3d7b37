"use client";

import { useMutation } from "@tanstack/react-query";
import { History, Loader2, Search, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useCallback, useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { ErrorState } from "@/components/ui/error-state";
import { Input, Label } from "@/components/ui/input";
import { detectLookup } from "@/lib/lookup/detect";
import { lookupOutcome, type LookupSummaryT } from "@/lib/lookup/outcome";
import { fetchLookup } from "@/lib/lookup/query";
import type { LookupAnswer } from "@/lib/lookup/result";
import { LookupResults } from "./lookup-results";
import { useRecentLookups } from "./use-recent-lookups";

type HintKey = "empty" | "endToEnd" | "notAnId" | "text";

function hintFor(text: string): HintKey {
  const plan = detectLookup(text);
  if (plan.kind === "empty") return "empty";
  if (plan.kind === "end_to_end") return "endToEnd";
  return plan.idempotentIdProblem ? "notAnId" : "text";
}

/** The inside of the lookup dialog: the field, the answer, and the recent lookups. */
export function LookupPanel({ initialQuery, onDone }: { initialQuery: string; onDone: () => void }) {
  const t = useTranslations("lookup");
  const summaryT = useCallback<LookupSummaryT>((key, values) => t(`summary.${key}`, values), [t]);
  const router = useRouter();
  const inputId = useId();
  const hintId = useId();
  const [text, setText] = useState(initialQuery);
  const { recent, remember, clear } = useRecentLookups();
  const lookup = useMutation({ mutationFn: (query: string) => fetchLookup(query) });
  const outcomeOf = (answer: LookupAnswer) => lookupOutcome(answer, summaryT);

  function run(query: string) {
    if (detectLookup(query).kind === "empty") return;
    lookup.mutate(query, {
      onSuccess: (answer) => {
        const outcome = outcomeOf(answer);
        if (answer.query) remember({ query: answer.query, summary: outcome.summary, at: Date.now() });
        if (outcome.target) {
          onDone();
          router.push(outcome.target);
        }
      },
    });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    run(text);
  }

  const answer = lookup.isSuccess && !outcomeOf(lookup.data).target ? lookup.data : null;
  const showRecent = lookup.isIdle || (lookup.isSuccess && lookup.data.kind === "empty");

  return (
    <div className="space-y-4">
      <form onSubmit={onSubmit} role="search" className="space-y-1.5">
        <Label htmlFor={inputId}>{t("field")}</Label>
        <div className="flex gap-2">
          <Input
            id={inputId}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onFocus={(e) => e.currentTarget.select()}
            aria-describedby={hintId}
            autoComplete="off"
            spellCheck={false}
            placeholder={t("placeholder")}
            className="font-mono"
          />
          <SubmitButton variant="primary" disabled={lookup.isPending || detectLookup(text).kind === "empty"}>
            {lookup.isPending ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <Search aria-hidden className="h-4 w-4" />}
            {t("submit")}
          </SubmitButton>
        </div>
        <p id={hintId} className="text-xs text-fg-muted">
          {t(`hint.${hintFor(text)}`)}
        </p>
      </form>

      <div aria-live="polite" className="space-y-3">
        {lookup.isPending ? (
          <p className="flex items-center gap-2 text-sm text-fg-muted">
            <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> {t("pending", { query: detectLookup(lookup.variables).value })}
          </p>
        ) : lookup.isError ? (
          <ErrorState title={t("failedTitle")} error={lookup.error} onRetry={() => run(lookup.variables)} />
        ) : answer ? (
          <LookupResults answer={answer} onNavigate={onDone} onRetry={() => run(answer.query)} retrying={false} />
        ) : lookup.isSuccess && outcomeOf(lookup.data).target ? (
          <p className="text-sm text-fg-muted">{t("opening")}</p>
        ) : null}
      </div>

      {showRecent ? (
        <section aria-labelledby={`${inputId}-recent`} className="space-y-2">
          <div className="flex items-center justify-between">
            <h3 id={`${inputId}-recent`} className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-fg-muted">
              <History aria-hidden className="h-3.5 w-3.5" /> {t("recent.title")}
            </h3>
            {recent.length > 0 ? (
              <Button variant="ghost" size="sm" onClick={clear}>
                <Trash2 aria-hidden className="h-3.5 w-3.5" /> {t("recent.clear")}
              </Button>
            ) : null}
          </div>
          {recent.length === 0 ? (
            <p className="text-sm text-fg-muted">{t("recent.empty")}</p>
          ) : (
            <ul aria-label={t("recent.title")} className="divide-y divide-border rounded-md border border-border">
              {recent.map((r) => (
                <li key={r.query}>
                  <button
                    type="button"
                    onClick={() => {
                      setText(r.query);
                      run(r.query);
                    }}
                    className="block w-full px-3 py-2 text-left text-sm hover:bg-surface-muted focus-visible:bg-surface-muted"
                  >
                    <span className="block truncate font-mono text-[0.8125rem] text-fg">{r.query}</span>
                    <span className="block truncate text-xs text-fg-muted">{r.summary}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
