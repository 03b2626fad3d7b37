import { formatBRL } from "@/lib/pix/money";

/** How audit entries read on screen. */
const ACTION_LABELS: Record<string, string> = {
  "auth.sign_in": "Signed in",
  "auth.sign_in_failed": "Failed sign-in",
  "auth.sign_out": "Signed out",
  "payment.register": "Transfer registration",
  "payment.export": "Exported payments",
  "user.create": "Created a user",
  "user.role_change": "Changed a role",
};

export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

/** Outcomes that mean it went through, so they read as calm rather than alarming. */
const GOOD_OUTCOMES = new Set(["success", "exported", "registered", "created"]);

export function outcomeTone(outcome: string): "good" | "bad" {
  return GOOD_OUTCOMES.has(outcome) ? "good" : "bad";
}

/** `key: value` pairs of an entry's detail, values shortened for the table; cents read as BRL. */
export function detailPairs(detail: Record<string, unknown>, maxValue = 80): Array<[string, string]> {
  return Object.entries(detail)
    .filter(([, v]) => v !== undefined && v !== null && v !== "")
    .map(([k, v]) => {
      if (k.endsWith("_cents") && typeof v === "number" && Number.isSafeInteger(v)) return [k, formatBRL(v)];
      const text = typeof v === "string" ? v : JSON.stringify(v);
      return [k, text.length > maxValue ? `${text.slice(0, maxValue - 1)}…` : text];
    });
}
