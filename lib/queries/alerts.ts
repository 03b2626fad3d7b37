import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { answerWith } from "@/lib/domain/answer";
import type { alertAnswer, alertListAnswer, alertSettingsAnswer, bellAnswer } from "@/lib/alerts/answers";
import { apiGet } from "@/lib/domain/api-client";
// Types only: the browser reads our answers by their members (lib/domain/answer.ts).
import type { AlertListState } from "@/lib/alerts/list-states";
import type { Alert, AlertChannels, AlertListMeta, RuleSetting } from "@/lib/alerts/types";

export type AlertList = { alerts: Alert[]; meta: AlertListMeta };
export type Bell = { unread: number; latest: Alert[]; newest_id: number };
export type AlertSettingsAnswer = { rules: RuleSetting[]; channels: AlertChannels };

const readList = answerWith<z.output<typeof alertListAnswer>>({ alerts: "array", meta: "object" });
const readBell = answerWith<z.output<typeof bellAnswer>>({ unread: "number", latest: "array", newest_id: "number" });
export const readAlert = answerWith<z.output<typeof alertAnswer>>({ alert: "object" });
export const readAlertSettings = answerWith<z.output<typeof alertSettingsAnswer>>({ rules: "array", channels: "object" });

/** Query keys and options of alerts. Live `alert` events invalidate `all()`. */
export const alertQueries = {
  all: () => ["alerts"] as const,
  list: (state: AlertListState, page: number) =>
    queryOptions({
      queryKey: [...alertQueries.all(), "list", state, page] as const,
      queryFn: ({ signal }) => apiGet(`/api/alerts?state=${state}&page=${page}`, readList, { signal }),
      placeholderData: keepPreviousData,
      staleTime: 5_000,
    }),
  bell: () =>
    queryOptions({
      queryKey: [...alertQueries.all(), "bell"] as const,
      queryFn: ({ signal }) => apiGet("/api/alerts/bell", readBell, { signal }),
      staleTime: 10_000,
    }),
  settings: () =>
    queryOptions({
      queryKey: [...alertQueries.all(), "settings"] as const,
      queryFn: ({ signal }) => apiGet("/api/settings/alerts", readAlertSettings, { signal }),
    }),
};
