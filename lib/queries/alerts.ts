import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { answerParsedBy } from "@/lib/domain/answer-schema";
import { alertAnswer, alertListAnswer, alertSettingsAnswer, bellAnswer } from "@/lib/alerts/answers";
import { apiGet } from "@/lib/domain/api-client";
// Types only: the browser reads our answers by their members (lib/domain/answer.ts).
import type { AlertListState } from "@/lib/alerts/list-states";
import type { Alert, AlertChannels, AlertListMeta, RuleSetting } from "@/lib/alerts/types";

export type AlertList = { alerts: Alert[]; meta: AlertListMeta };
export type Bell = { unread: number; latest: Alert[]; newest_id: number };
export type AlertSettingsAnswer = { rules: RuleSetting[]; channels: AlertChannels };

const readList = answerParsedBy(alertListAnswer);
const readBell = answerParsedBy(bellAnswer);
export const readAlert = answerParsedBy(alertAnswer);
export const readAlertSettings = answerParsedBy(alertSettingsAnswer);

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
