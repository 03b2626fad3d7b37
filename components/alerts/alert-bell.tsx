"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Bell } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useEffect } from "react";
import { useDisclosure } from "@/components/data-table/use-disclosure";
import type { z } from "zod";
import { answerWith } from "@/lib/domain/answer";
import type { seenAnswer } from "@/lib/alerts/answers";
import { apiPost } from "@/lib/domain/api-client";
import { alertLine } from "@/lib/alerts/wording";
import { formatBrazilDateTime } from "@/lib/pix";
import { alertQueries } from "@/lib/queries/alerts";
import { cn } from "@/lib/utils";
import { useAlertWords } from "./use-alert-words";
import { lookAgain } from "@/lib/queries/look-again";

const readSeen = answerWith<z.output<typeof seenAnswer>>({ up_to: "number" });

/**
 * The header's bell: how many live alerts this person has not seen yet (live: the event stream's
 * `alert` events refetch it), and the newest few under it. Opening it marks them seen.
 */
export function AlertBell() {
  const t = useTranslations("alerts.bell");
  const w = useAlertWords();
  const queryClient = useQueryClient();
  const { data, isError } = useQuery(alertQueries.bell());
  const { open, triggerProps, panelProps } = useDisclosure(340);
  const seen = useMutation({
    mutationFn: (upTo: number) => apiPost("/api/alerts/seen", { up_to: upTo }, readSeen),
    onSuccess: () => void lookAgain(queryClient, alertQueries.bell().queryKey),
  });
  const unread = data?.unread ?? 0;
  const newest = data?.newest_id ?? 0;
  const { mutate } = seen;
  useEffect(() => {
    if (open && unread > 0) mutate(newest);
  }, [open, unread, newest, mutate]);

  return (
    <div className="relative">
      <button
        type="button"
        {...triggerProps}
        aria-label={`${t("label")}: ${t("unread", { count: unread })}`}
        title={t("unread", { count: unread })}
        data-testid="alert-bell"
        data-unread={unread}
        className="relative inline-flex h-8 w-8 items-center justify-center rounded-md text-fg-muted hover:bg-surface-muted hover:text-fg"
      >
        <Bell aria-hidden className="h-4 w-4" />
        {unread > 0 ? (
          <span aria-hidden data-testid="alert-bell-count" className="absolute -right-1 -top-1 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] font-semibold leading-4 text-white dark:bg-red-500">
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          {...panelProps}
          role="group"
          aria-label={t("label")}
          className="absolute right-0 top-full z-50 mt-1 flex max-h-[calc(100vh-4rem)] max-w-[calc(100vw-1rem)] flex-col gap-1 overflow-y-auto rounded-lg border border-border bg-surface p-2 shadow-lg"
        >
          {isError ? (
            <p className="px-2 py-3 text-sm text-red-700 dark:text-red-400">{t("loadError")}</p>
          ) : !data?.latest.length ? (
            <p className="px-2 py-3 text-sm text-fg-muted">{t("empty")}</p>
          ) : (
            <ul className="flex flex-col gap-1">
              {data.latest.map((a) => (
                <li key={a.id}>
                  <Link href={a.href ?? "/alerts"} className={cn("block rounded-md px-2 py-1.5 text-sm hover:bg-surface-muted", a.state === "acknowledged" && "text-fg-muted")}>
                    <span className="block text-fg">{alertLine(w, a.rule, a.subject.type, a.facts)}</span>
                    <span className="block text-xs tabular-nums text-fg-muted">{formatBrazilDateTime(a.raised_at)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Link href="/alerts" className="rounded-md px-2 py-1.5 text-sm font-medium text-blue-700 hover:bg-surface-muted dark:text-blue-300">
            {t("seeAll")}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
