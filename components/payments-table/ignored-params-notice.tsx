"use client";

import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import { Notice } from "@/components/ui/notice";
import type { IgnoredParam } from "@/lib/search-params/payments";
import { listParamLabel } from "@/components/data-table/param-label";
import { describeProblem } from "./columns";

/** What a pasted link asked for that could not be used, value by value, with the reason. */
export function IgnoredParamsNotice({ ignored, onDismiss }: { ignored: readonly IgnoredParam[]; onDismiss: () => void }) {
  const t = useTranslations();
  if (ignored.length === 0) return null;
  return (
    <Notice className="relative pr-9">
      <p className="font-medium">{t("payments.ignored.title")}</p>
      <ul className="mt-1 list-disc pl-5">
        {ignored.map((item) => (
          <li key={`${item.key}-${item.problem.code}`}>
            {listParamLabel(item.key, t)} “<span className="break-all">{shorten(item.value)}</span>”: {describeProblem(item.problem, t)}
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={t("common.actions.dismiss")}
        className="absolute right-2 top-2 rounded p-1 hover:bg-blue-100 dark:hover:bg-blue-900"
      >
        <X aria-hidden className="h-4 w-4" />
      </button>
    </Notice>
  );
}

/** A pasted link can hold anything: show enough to recognise it. */
function shorten(value: string): string {
  return value.length > 80 ? `${value.slice(0, 80)}…` : value;
}
