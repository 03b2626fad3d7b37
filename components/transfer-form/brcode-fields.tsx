import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormAlert, Notice } from "@/components/ui/notice";
import type { BrCodeAnswer } from "@/lib/brcode/answer";
import { BRCODE_TEXT_MAX } from "@/lib/brcode/answer";
import { brCodeQueries } from "@/lib/brcode/query";
import { formatBRL } from "@/lib/pix/money";
import { brCodeFill } from "@/lib/transfer-form/brcode-fill";
import type { RegisterFormValues } from "@/lib/transfer-form/form-values";
import type { RegisterForm } from "./form-types";
import { FormField } from "./form-field";

/**
 * "Pix Copia e Cola": paste the code a supplier sent, see what the server read in it and whether
 * its CRC holds, then fill the key transfer below with it (the txid kept in the description).
 * Dynamic codes and damaged ones are refused with their reason and fill nothing.
 */
export function BrCodeFields({ form }: { form: RegisterForm }) {
  const t = useTranslations("register.brcode");
  const [text, setText] = useState("");
  const [asked, setAsked] = useState("");
  const [applied, setApplied] = useState<string | null>(null);
  const decoded = useQuery({ ...brCodeQueries.decode(asked), enabled: asked !== "" });

  function read(value: string) {
    const code = value.trim();
    if (code) setAsked(code);
  }

  function use(code: BrCodeAnswer) {
    const fill = brCodeFill(code, { description: form.getValues("description") });
    if (!fill) return;
    for (const [name, value] of Object.entries(fill) as Array<[keyof RegisterFormValues, string]>) {
      form.setValue(name, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    }
    setApplied(asked);
  }

  const answer = asked && decoded.data ? decoded.data : null;
  return (
    <section className="flex flex-col gap-3 rounded-lg border border-border p-4" aria-labelledby="register-brcode-title">
      <h2 id="register-brcode-title" className="text-sm font-semibold text-fg">{t("title")}</h2>
      <FormField id="register-brcode" label={t("label")} hint={t("hint")}>
        {(control) => (
          <textarea
            {...control}
            value={text}
            rows={3}
            maxLength={BRCODE_TEXT_MAX}
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => setText(e.target.value)}
            onPaste={(e) => read(e.clipboardData.getData("text"))}
            className="break-all rounded-md border border-border bg-surface p-2 font-mono text-xs text-fg"
          />
        )}
      </FormField>
      <div>
        <Button type="button" onClick={() => read(text)} disabled={!text.trim() || decoded.isFetching} aria-busy={decoded.isFetching}>
          {decoded.isFetching ? t("reading") : t("read")}
        </Button>
      </div>
      <FormAlert message={asked && decoded.isError ? decoded.error.message : null} />
      {answer ? <BrCodeReading code={answer} applied={applied === asked} onUse={() => use(answer)} /> : null}
    </section>
  );
}

function BrCodeReading({ code, applied, onUse }: { code: BrCodeAnswer; applied: boolean; onUse: () => void }) {
  const t = useTranslations("register.brcode");
  const g = useTranslations("glossary");
  const rows: Array<[string, string]> = [
    [t("kind"), code.dynamic ? t("dynamic") : t("static")],
    [t("check"), code.crc_ok ? t("crcOk") : t("crcWrong")],
    [g("receiverName"), code.receiver_name ?? "—"],
    [t("city"), code.city ?? "—"],
    [g("pixKey"), code.pix_key ? `${code.pix_key} (${code.pix_key_type ? g(`keyTypes.${code.pix_key_type}`) : "—"})` : "—"],
    [g("amount"), code.value_cents !== null ? formatBRL(code.value_cents) : t("noAmount")],
    [t("txid"), code.txid ?? "—"],
  ];
  return (
    <div className="flex flex-col gap-3" data-testid="brcode-reading">
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-fg-muted">{label}</dt>
            <dd className="break-all text-fg">{value}</dd>
          </div>
        ))}
      </dl>
      {code.refusal ? (
        <FormAlert message={t(`refusals.${code.refusal}`)} />
      ) : applied ? (
        <Notice>{code.pix_key_type === "cpf" || code.pix_key_type === "cnpj" ? t("appliedWithDocument") : t("applied")}</Notice>
      ) : (
        <div>
          <Button type="button" variant="primary" onClick={onUse}>{t("use")}</Button>
        </div>
      )}
    </div>
  );
}
