import "@/lib/zod-config";
import { z } from "zod";
import { ALERT_RULES, RULE_SPECS } from "./rules";

/**
 * The rules as admins set them on /settings/alerts (PUT /api/settings/alerts): client-safe, the
 * form and the route parse with this one schema. A rule with a unit needs a whole threshold
 * within its bounds; a rule without one takes none.
 */
export const alertSettingsSchema = z.object({
  rules: z
    .array(
      z.object({
        rule: z.enum(ALERT_RULES, { error: "validation.alerts.rule" }),
        enabled: z.boolean({ error: "validation.alerts.enabled" }),
        threshold: z.number({ error: "validation.alerts.threshold" }).int("validation.alerts.threshold").nullable(),
      }),
    )
    .min(1, "validation.alerts.rules")
    .max(ALERT_RULES.length, "validation.alerts.rules"),
}).superRefine((value, ctx) => {
  const seen = new Set<string>();
  value.rules.forEach((r, i) => {
    if (seen.has(r.rule)) ctx.addIssue({ code: "custom", path: ["rules", i, "rule"], message: "validation.alerts.duplicate" });
    seen.add(r.rule);
    const spec = RULE_SPECS[r.rule];
    if (spec.unit === null) {
      if (r.threshold !== null) ctx.addIssue({ code: "custom", path: ["rules", i, "threshold"], message: "validation.alerts.noThreshold" });
      return;
    }
    if (r.threshold === null || r.threshold < spec.min || r.threshold > spec.max) {
      ctx.addIssue({ code: "custom", path: ["rules", i, "threshold"], message: "validation.alerts.range" });
    }
  });
});

export type AlertSettingsInput = z.output<typeof alertSettingsSchema>;
