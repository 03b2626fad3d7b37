"use client";

import { useTranslations } from "next-intl";
import { AmountInput } from "@/components/ui/amount-input";
import { DateInput } from "@/components/ui/date-input";
import { FieldError, Input, Label, Select } from "@/components/ui/input";
import { CHARGE_KINDS } from "@/lib/charges/states";

export type ChargeDraft = {
  external_reference: string;
  kind: (typeof CHARGE_KINDS)[number];
  amount: string;
  value_cents: number | null;
  payer_name: string;
  payer_document: string;
  payer_email: string;
  description: string;
  due_date: string;
};

export const EMPTY_DRAFT: ChargeDraft = {
  external_reference: "",
  kind: "qrcode",
  amount: "",
  value_cents: null,
  payer_name: "",
  payer_document: "",
  payer_email: "",
  description: "",
  due_date: "",
};

/** The fields of one charge (presentational: the container owns the draft, the errors and the submit). */
export function ChargeFields({
  draft,
  errors,
  onChange,
}: {
  draft: ChargeDraft;
  /** Translated messages by field (wire names). */
  errors: Record<string, string | undefined>;
  onChange: (patch: Partial<ChargeDraft>) => void;
}) {
  const t = useTranslations("charges.form");
  const k = useTranslations("charges.kinds");
  const field = (name: string) => ({ "aria-invalid": errors[name] ? true : undefined, "aria-describedby": errors[name] ? `${name}-error` : undefined });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="flex flex-col gap-1 sm:col-span-2">
        <Label htmlFor="external_reference">{t("reference")}</Label>
        <Input id="external_reference" value={draft.external_reference} onChange={(e) => onChange({ external_reference: e.target.value })} autoComplete="off" {...field("external_reference")} />
        <p className="text-xs text-fg-muted">{t("referenceHint")}</p>
        <FieldError id="external_reference-error" message={errors.external_reference} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="amount">{t("value")}</Label>
        <AmountInput id="amount" value={draft.amount} onValueChange={(amount) => onChange({ amount })} onCentsChange={(value_cents) => onChange({ value_cents })} error={errors.value_cents} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="due_date">{t("dueDate")}</Label>
        <DateInput id="due_date" value={draft.due_date} onChange={(due_date) => onChange({ due_date })} error={errors.due_date} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="payer_name">{t("payerName")}</Label>
        <Input id="payer_name" value={draft.payer_name} onChange={(e) => onChange({ payer_name: e.target.value })} maxLength={100} {...field("payer_name")} />
        <FieldError id="payer_name-error" message={errors.payer_name} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="payer_document">{t("payerDocument")}</Label>
        <Input id="payer_document" value={draft.payer_document} onChange={(e) => onChange({ payer_document: e.target.value })} inputMode="numeric" {...field("payer_document")} />
        <FieldError id="payer_document-error" message={errors.payer_document} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="payer_email">{t("payerEmail")}</Label>
        <Input id="payer_email" type="email" value={draft.payer_email} onChange={(e) => onChange({ payer_email: e.target.value })} {...field("payer_email")} />
        <FieldError id="payer_email-error" message={errors.payer_email} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="kind">{t("kind")}</Label>
        <Select id="kind" value={draft.kind} onChange={(e) => onChange({ kind: e.target.value as ChargeDraft["kind"] })}>
          {CHARGE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {k(kind)}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1 sm:col-span-2">
        <Label htmlFor="description">{t("description")}</Label>
        <Input id="description" value={draft.description} onChange={(e) => onChange({ description: e.target.value })} maxLength={140} {...field("description")} />
        <FieldError id="description-error" message={errors.description} />
      </div>
    </div>
  );
}
