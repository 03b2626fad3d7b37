"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Input, Select } from "@/components/ui/input";
import { costCentreQueries } from "@/lib/queries/cost-centres";
import { DESCRIPTION_MAX } from "@/lib/transfers/input";
import { FormField, useFieldError } from "./form-field";
import type { RegisterForm } from "./form-types";

/** "Descrição" (what it pays, up to 140 characters, counted as typed) and "Centro de custo" (the ones in use). */
export function PayableFields({ form }: { form: RegisterForm }) {
  const t = useTranslations("register.payable");
  const g = useTranslations("glossary");
  const { register, formState, watch } = form;
  const centres = useQuery(costCentreQueries.list());
  const description = watch("description");
  return (
    <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <FormField
        id="register-description"
        label={g("description")}
        error={useFieldError(formState.errors.description?.message)}
        hint={t("descriptionHint", { used: description.length, max: DESCRIPTION_MAX })}
      >
        {(control) => <Input {...control} {...register("description")} maxLength={DESCRIPTION_MAX} autoComplete="off" placeholder={t("descriptionPlaceholder")} />}
      </FormField>
      <FormField id="register-cost-centre" label={g("costCentre")} error={useFieldError(formState.errors.cost_centre_id?.message)}>
        {(control) => (
          <Select {...control} {...register("cost_centre_id")} disabled={centres.isPending}>
            <option value="">{centres.isError ? t("centresUnavailable") : t("noCentre")}</option>
            {(centres.data?.cost_centres ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.code} · {c.name}
              </option>
            ))}
          </Select>
        )}
      </FormField>
    </div>
  );
}
