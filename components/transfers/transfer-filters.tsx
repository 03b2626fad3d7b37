"use client";

import { useQuery } from "@tanstack/react-query";
import { ChevronDown } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { AmountInput } from "@/components/ui/amount-input";
import { Button } from "@/components/ui/button";
import { DateRangeInput } from "@/components/ui/date-range-input";
import { Input, Label, Select } from "@/components/ui/input";
import { formatBRLNumber, parseBRL } from "@/lib/pix/money";
import { costCentreQueries } from "@/lib/queries/cost-centres";
import { TRANSFER_FILTER_KEYS, type TransfersSearchValues } from "@/lib/search-params/transfers";
import { FILTER_TEXT_MAX, NO_COST_CENTRE } from "@/lib/transfers/filters";
import { TRANSFER_STATES, type TransferState } from "@/lib/transfers/states";
import { viewStates } from "@/lib/transfers/views";
import { useUrlText } from "./use-url-text";

type Patch = Partial<Omit<TransfersSearchValues, "view">>;

/**
 * The filters of /transfers, all in the URL: state (within the view's states), who created it,
 * the receiver (name or CPF/CNPJ, accents and case aside), cost centre, amount range in R$ and
 * the days it was created (dd/mm/aaaa). Text is written once typing pauses; every change goes
 * back to page 1.
 */
export function TransferFilters({ values, onChange }: { values: TransfersSearchValues; onChange: (patch: Patch) => void }) {
  const t = useTranslations("transfers.filterBar");
  const g = useTranslations("glossary");
  const set = (patch: Patch) => onChange({ ...patch, page: 1 });
  const [receiver, setReceiver] = useUrlText(values.receiver, (receiver) => set({ receiver }));
  const [maker, setMaker] = useUrlText(values.maker, (maker) => set({ maker }));
  const centres = useQuery(costCentreQueries.list());
  const active = TRANSFER_FILTER_KEYS.some((key) => values[key] !== null);

  return (
    <section aria-label={t("label")} className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-3" data-testid="transfer-filters">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col gap-1">
          <Label htmlFor="filter-receiver">{g("receiver")}</Label>
          <Input
            id="filter-receiver"
            type="search"
            value={receiver}
            onChange={(e) => setReceiver(e.target.value)}
            maxLength={FILTER_TEXT_MAX}
            placeholder={t("receiverPlaceholder")}
            className="w-full"
            compact
          />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="filter-maker">{g("maker")}</Label>
          <Input
            id="filter-maker"
            type="search"
            value={maker}
            onChange={(e) => setMaker(e.target.value)}
            maxLength={FILTER_TEXT_MAX}
            placeholder={t("makerPlaceholder")}
            className="w-full"
            compact
          />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="filter-cost-centre">{g("costCentre")}</Label>
          <Select id="filter-cost-centre" value={values.cost_centre ?? ""} onChange={(e) => set({ cost_centre: e.target.value || null })} className="w-full" compact>
            <option value="">{t("anyCentre")}</option>
            <option value={NO_COST_CENTRE}>{t("noCentre")}</option>
            {(centres.data?.cost_centres ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.code} · {c.name}
              </option>
            ))}
          </Select>
        </div>
        <StateFilter view={values.view} value={values.state} onChange={(state) => set({ state })} />
      </div>
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <AmountRange min={values.min_cents} max={values.max_cents} onChange={(range) => set(range)} />
        <DateRangeInput
          idPrefix="filter-created"
          compact
          labels={{ from: t("createdFrom"), to: t("createdTo") }}
          value={{ from: values.created_from ?? "", to: values.created_to ?? "" }}
          onChange={(range) => set({ created_from: range.from || null, created_to: range.to || null })}
        />
        {active ? (
          <Button size="sm" variant="ghost" onClick={() => set(Object.fromEntries(TRANSFER_FILTER_KEYS.map((key) => [key, null])) as Patch)}>
            {t("clear")}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

/** The amount range typed in R$ (1.234,56); the URL keeps whole cents. */
function AmountRange({ min, max, onChange }: { min: number | null; max: number | null; onChange: (range: { min_cents: number | null; max_cents: number | null }) => void }) {
  const t = useTranslations("transfers.filterBar");
  const shown = (cents: number | null) => (cents === null ? "" : formatBRLNumber(cents));
  const [text, setText] = useState({ min: shown(min), max: shown(max), for: `${min}-${max}` });
  if (text.for !== `${min}-${max}`) setText({ min: shown(min), max: shown(max), for: `${min}-${max}` });
  const cents = (value: string) => {
    const parsed = parseBRL(value);
    return parsed.ok ? parsed.cents : null;
  };
  // Written when a field is left (or Enter): an amount half typed is not a filter yet.
  const apply = () => {
    const next = { min_cents: text.min.trim() ? cents(text.min) : null, max_cents: text.max.trim() ? cents(text.max) : null };
    if (next.min_cents !== min || next.max_cents !== max) onChange(next);
  };
  return (
    <fieldset className="flex flex-col gap-1" onBlur={apply} onKeyDown={(e) => e.key === "Enter" && apply()}>
      <legend className="mb-1 text-sm font-medium text-fg">{t("amount")}</legend>
      <div className="flex items-center gap-2">
        <AmountInput id="filter-min" aria-label={t("amountMin")} value={text.min} onValueChange={(v) => setText((s) => ({ ...s, min: v }))} className="w-36" compact />
        <span className="text-sm text-fg-muted">{t("amountTo")}</span>
        <AmountInput id="filter-max" aria-label={t("amountMax")} value={text.max} onValueChange={(v) => setText((s) => ({ ...s, max: v }))} className="w-36" compact />
      </div>
    </fieldset>
  );
}

/** States to show, as checkboxes in a dropdown: the view's own states (all of them in the views that are not a set of states). */
function StateFilter({ view, value, onChange }: { view: TransfersSearchValues["view"]; value: TransferState[] | null; onChange: (state: TransferState[] | null) => void }) {
  const t = useTranslations("transfers.filterBar");
  const g = useTranslations("glossary");
  const offered = viewStates(view) ?? [...TRANSFER_STATES];
  if (offered.length < 2) return null;
  const chosen = (value ?? []).filter((s) => offered.includes(s));
  const toggle = (state: TransferState) => {
    const next = chosen.includes(state) ? chosen.filter((s) => s !== state) : [...chosen, state];
    onChange(next.length ? next : null);
  };
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-medium text-fg" id="filter-state-label">
        {g("status")}
      </span>
      <details className="group relative">
        <summary
          className="flex h-8 cursor-pointer list-none items-center justify-between gap-2 rounded-md border border-border bg-surface px-2.5 text-sm text-fg [&::-webkit-details-marker]:hidden"
          aria-labelledby="filter-state-label"
          aria-describedby="filter-state-value"
        >
          <span id="filter-state-value" className="truncate">
            {chosen.length === 0 ? t("anyState") : chosen.map((s) => g(`transferState.${s}`)).join(", ")}
          </span>
          <ChevronDown aria-hidden className="h-4 w-4 shrink-0 text-fg-muted group-open:rotate-180" />
        </summary>
        <fieldset className="absolute z-20 mt-1 flex max-h-72 w-full min-w-[14rem] flex-col gap-1 overflow-auto rounded-md border border-border bg-surface p-2 shadow-lg">
          <legend className="sr-only">{g("status")}</legend>
          {offered.map((state) => (
            <label key={state} className="flex items-center gap-2 rounded px-1 py-0.5 text-sm text-fg hover:bg-surface-muted">
              <input type="checkbox" checked={chosen.includes(state)} onChange={() => toggle(state)} />
              {g(`transferState.${state}`)}
            </label>
          ))}
        </fieldset>
      </details>
    </div>
  );
}
