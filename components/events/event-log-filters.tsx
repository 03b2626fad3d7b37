"use client";

import { Search, X } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input, Label, Select } from "@/components/ui/input";
import type { EventResultFilter } from "@/lib/events/names";

const RESULT_OPTIONS: Array<{ value: EventResultFilter | ""; label: string }> = [
  { value: "", label: "Any result" },
  { value: "accepted", label: "Accepted" },
  { value: "rejected", label: "Rejected" },
  { value: "duplicate", label: "Accepted, delivered more than once" },
];

/** Payment (exact idempotent_id or reference code, applied on Enter) and result filters. */
export function EventLogFilters({
  payment,
  result,
  onChange,
}: {
  payment: string;
  result: EventResultFilter | null;
  onChange: (next: { payment?: string; result?: EventResultFilter | null }) => void;
}) {
  const [draft, setDraft] = useState(payment);
  const [synced, setSynced] = useState(payment);
  if (synced !== payment) {
    // The URL changed (back button, Clear): show its value.
    setSynced(payment);
    setDraft(payment);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ payment: draft.trim() });
  };
  return (
    <form role="search" aria-label="Filter events" onSubmit={submit} className="flex flex-wrap items-end gap-3">
      <div className="flex min-w-[22rem] flex-col gap-1">
        <Label htmlFor="events-payment">Payment</Label>
        <div className="flex gap-2">
          <Input
            id="events-payment"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="idempotent_id or reference code"
            aria-describedby="events-payment-hint"
            autoComplete="off"
            spellCheck={false}
          />
          <Button type="submit" aria-label="Apply payment filter">
            <Search aria-hidden className="h-4 w-4" />
          </Button>
        </div>
        <span id="events-payment-hint" className="text-xs text-fg-muted">
          Exact match; press Enter to apply.
        </span>
      </div>
      <div className="flex flex-col gap-1 pb-5">
        <Label htmlFor="events-result">Result</Label>
        <Select
          id="events-result"
          value={result ?? ""}
          onChange={(e) => onChange({ result: (e.target.value || null) as EventResultFilter | null })}
        >
          {RESULT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      </div>
      {payment || result ? (
        <Button variant="ghost" className="mb-5" onClick={() => onChange({ payment: "", result: null })}>
          <X aria-hidden className="h-4 w-4" /> Clear filters
        </Button>
      ) : null}
    </form>
  );
}
