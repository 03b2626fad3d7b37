/**
 * Alerts as our API answers them and pages show them (client-safe: types only; wire names in
 * snake_case like the rest of the API). The answers' schemas are their source (lib/alerts/answers.ts).
 */
import type { z } from "zod";
import type { storePageMetaSchema } from "@/lib/domain/answer-fields";
import type { alertSchema, alertSettingsAnswer, ruleSettingSchema } from "./answers";

export type Alert = z.infer<typeof alertSchema>;
export type AlertSubjectType = Alert["subject"]["type"];

/**
 * What a rule saw, kept on the alert and written into its messages. Every member is optional:
 * each rule fills the ones it has (a transfer's amount and receiver, a batch's rows, the
 * balance and the threshold...).
 */
export type AlertFacts = Alert["facts"];
export type AlertDelivery = Alert["deliveries"][number];
export type AlertListMeta = z.infer<typeof storePageMetaSchema>;

/** One rule as /settings/alerts shows it. */
export type RuleSetting = z.infer<typeof ruleSettingSchema>;

/** Where alerts go besides the bell, as /settings/alerts says it (never the addresses' secrets). */
export type AlertChannels = z.infer<typeof alertSettingsAnswer>["channels"];
