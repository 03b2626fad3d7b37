"use client";

import { Search, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { Input, Label, Select } from "@/components/ui/input";
import { EVENT_RESULT_FILTERS, type EventResultFilter } from "@/lib/events/names";

/** Payment (exact partner ID or reference code, applied on Enter) and result filters. */
export function EventLogFilters({
  payment,
  result,
  onChange,
}: {
  payment: string;
  result: EventResultFilter | null;
  onChange: (next: { payment?: string; result?: EventResultFilter | null }) => void;
}) {
  const t = useTranslations("events.filters");
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
    <form role="search" aria-label={t("label")} onSubmit={submit} className="flex w-full flex-wrap items-end gap-3 sm:w-auto">
      <div className="flex w-full min-w-0 flex-col gap-1 sm:w-[22rem]">
        <Label htmlFor="events-payment">{t("payment")}</Label>
        <div className="flex gap-2">
          <Input
            id="events-payment"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={t("placeholder")}
            aria-describedby="events-payment-hint"
            autoComplete="off"
            spellCheck={false}
          />
          <SubmitButton aria-label={t("apply")}>
            <Search aria-hidden className="h-4 w-4" />
          </SubmitButton>
        </div>
        <span id="events-payment-hint" className="text-xs text-fg-muted">
          {t("hint")}
        </span>
      </div>
      <div className="flex flex-col gap-1 pb-5">
        <Label htmlFor="events-result">{t("result")}</Label>
        <Select
          id="events-result"
          value={result ?? ""}
          onChange={(e) => onChange({ result: (e.target.value || null) as EventResultFilter | null })}
        >
          <option value="">{t("results.any")}</option>
          {EVENT_RESULT_FILTERS.map((value) => (
            <option key={value} value={value}>
              {t(`results.${value}`)}
            </option>
          ))}
        </Select>
      </div>
      {payment || result ? (
        <Button variant="ghost" className="mb-5" onClick={() => onChange({ payment: "", result: null })}>
          <X aria-hidden className="h-4 w-4" /> {t("clear")}
        </Button>
      ) : null}
    </form>
  );
}
