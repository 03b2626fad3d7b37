import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { answerWith } from "@/lib/domain/answer";
import type { alertAnswer, alertListAnswer, alertSettingsAnswer, bellAnswer } from "@/lib/alerts/answers";
import { apiGet } from "@/lib/domain/api-client";
import type { AlertListState } from "@/lib/alerts/list-states";

// The browser reads our answers by their members, typed from the declared schemas (lib/domain/answer.ts).
export type AlertList = z.output<typeof alertListAnswer>;
export type Bell = z.output<typeof bellAnswer>;
export type AlertSettingsAnswer = z.output<typeof alertSettingsAnswer>;

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
