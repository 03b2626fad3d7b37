"use client";

import { useMutation } from "@tanstack/react-query";
import { History, Loader2, Search, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { Input, Label } from "@/components/ui/input";
import { detectLookup } from "@/lib/lookup/detect";
import { lookupOutcome } from "@/lib/lookup/outcome";
import { fetchLookup } from "@/lib/lookup/query";
import { LookupResults } from "./lookup-results";
import { useRecentLookups } from "./use-recent-lookups";

function hintFor(text: string): string {
  const plan = detectLookup(text);
  if (plan.kind === "empty") return "Paste an idempotent_id, an end-to-end id or part of a reference code.";
  if (plan.kind === "end_to_end") return "Looks like an end-to-end id: finds its QR code record and the payments carrying it.";
  if (plan.idempotentIdProblem) return "Will be searched as part of a reference code.";
  return "Will be tried as an idempotent_id, then as part of a reference code.";
}

/** The inside of the lookup dialog: the field, the answer, and the recent lookups. */
export function LookupPanel({ initialQuery, onDone }: { initialQuery: string; onDone: () => void }) {
  const router = useRouter();
  const inputId = useId();
  const hintId = useId();
  const [text, setText] = useState(initialQuery);
  const { recent, remember, clear } = useRecentLookups();
  const lookup = useMutation({ mutationFn: (query: string) => fetchLookup(query) });

  function run(query: string) {
    if (detectLookup(query).kind === "empty") return;
    lookup.mutate(query, {
      onSuccess: (answer) => {
        const outcome = lookupOutcome(answer);
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

  const answer = lookup.isSuccess && !lookupOutcome(lookup.data).target ? lookup.data : null;
  const showRecent = lookup.isIdle || (lookup.isSuccess && lookup.data.kind === "empty");

  return (
    <div className="space-y-4">
      <form onSubmit={onSubmit} role="search" className="space-y-1.5">
        <Label htmlFor={inputId}>Id or reference code</Label>
        <div className="flex gap-2">
          <Input
            id={inputId}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onFocus={(e) => e.currentTarget.select()}
            aria-describedby={hintId}
            autoComplete="off"
            spellCheck={false}
            placeholder="e.g. E18236120202206142202a1022c1tg10"
            className="font-mono"
          />
          <Button type="submit" variant="primary" disabled={lookup.isPending || detectLookup(text).kind === "empty"}>
            {lookup.isPending ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <Search aria-hidden className="h-4 w-4" />}
            Look up
          </Button>
        </div>
        <p id={hintId} className="text-xs text-fg-muted">
          {hintFor(text)}
        </p>
      </form>

      <div aria-live="polite" className="space-y-3">
        {lookup.isPending ? (
          <p className="flex items-center gap-2 text-sm text-fg-muted">
            <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> Looking up “{detectLookup(lookup.variables).value}”…
          </p>
        ) : lookup.isError ? (
          <ErrorState title="The lookup failed" error={lookup.error} onRetry={() => run(lookup.variables)} />
        ) : answer ? (
          <LookupResults answer={answer} onNavigate={onDone} onRetry={() => run(answer.query)} retrying={false} />
        ) : lookup.isSuccess && lookupOutcome(lookup.data).target ? (
          <p className="text-sm text-fg-muted">Found it, opening…</p>
        ) : null}
      </div>

      {showRecent ? (
        <section aria-labelledby={`${inputId}-recent`} className="space-y-2">
          <div className="flex items-center justify-between">
            <h3 id={`${inputId}-recent`} className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-fg-muted">
              <History aria-hidden className="h-3.5 w-3.5" /> Recent lookups
            </h3>
            {recent.length > 0 ? (
              <Button variant="ghost" size="sm" onClick={clear}>
                <Trash2 aria-hidden className="h-3.5 w-3.5" /> Clear recent lookups
              </Button>
            ) : null}
          </div>
          {recent.length === 0 ? (
            <p className="text-sm text-fg-muted">Nothing yet. Lookups you make are remembered in this browser (the last 8).</p>
          ) : (
            <ul aria-label="Recent lookups" className="divide-y divide-border rounded-md border border-border">
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
