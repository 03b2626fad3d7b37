"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { FieldError, Label, Select } from "@/components/ui/input";
import type { chargeAnswer } from "@/lib/charges/answers";
import { answerWith } from "@/lib/domain/answer";
import { apiPost } from "@/lib/domain/api-client";
import { LOCALES, type Locale } from "@/lib/i18n/config";
import { chargeQueries } from "@/lib/queries/charges";

const readOne = answerWith<z.output<typeof chargeAnswer>>({ charge: "object" });

/**
 * "Enviar por e-mail": the charge goes to the payer's e-mail, in the payer's language (Portuguese
 * unless chosen otherwise); the timeline then says who sent it to whom. The server refuses a
 * charge that changed meanwhile, and says so here.
 */
export function ChargeSend({ id, to }: { id: string; to: string }) {
  const t = useTranslations("charges.detail");
  const language = useTranslations("common.language");
  const queryClient = useQueryClient();
  const [locale, setLocale] = useState<Locale>("pt-BR");
  const send = useMutation({
    mutationFn: () => apiPost(`/api/charges/${encodeURIComponent(id)}/send`, { locale }, readOne),
    onSuccess: (answer) => queryClient.setQueryData(chargeQueries.detail(id).queryKey, answer),
  });
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <Label htmlFor="send-locale">{t("sendLanguage")}</Label>
          <Select id="send-locale" compact value={locale} onChange={(e) => setLocale(e.target.value as Locale)}>
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {language(l)}
              </option>
            ))}
          </Select>
        </div>
        <Button variant="secondary" onClick={() => send.mutate()} disabled={send.isPending} data-testid="charge-send">
          {send.isPending ? t("sending") : t("send")}
        </Button>
      </div>
      <p role="status" className="text-sm text-fg-muted">
        {send.isSuccess ? t("sent", { to }) : ""}
      </p>
      <FieldError id="send-error" message={send.error instanceof Error ? send.error.message : undefined} />
    </div>
  );
}
