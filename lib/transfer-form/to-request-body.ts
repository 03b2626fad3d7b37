import type { RegisterTransferInput } from "@/lib/contract";
import { parseBRL, type ParseBRLErrorCode } from "@/lib/pix";
import type { RecurrenceEvery } from "@/lib/transfers/schedule";
import type { RegisterFormValues } from "./form-values";

/** The amount as typed, read as integer cents, or why it cannot be read (a reason code). */
type AmountReading = { cents: number; problem?: undefined } | { cents?: undefined; problem: ParseBRLErrorCode };

/** "1.234,56", "1234,56", "1234.56", "R$ 10" -> cents through integer math (lib/pix `parseBRL`). */
export function readAmount(text: string): AmountReading {
  const parsed = parseBRL(text);
  return parsed.ok ? { cents: parsed.cents } : { problem: parsed.code };
}

/** Branch, account and ISPB as people write them ("12345-6", "0001 ") -> digits the contract accepts. */
export function compactDigits(text: string): string {
  return text.replace(/[\s.\-]/g, "");
}

const orUndefined = <T extends string>(text: T | ""): T | undefined => (text === "" ? undefined : text);

/**
 * Form values -> the request body `registerTransferSchema` parses (the same body POST
 * /api/payments receives). Only the chosen mode's fields are included. When the amount cannot
 * be read, `value_cents` is 0 so the schema still checks every other field; the caller reports
 * `amount.problem` on the Amount field instead of the schema's message.
 */
export function toRequestBody(values: RegisterFormValues): { body: RegisterTransferInput; amount: AmountReading } {
  const amount = readAmount(values.amount);
  const common = {
    idempotent_id: values.idempotent_id,
    value_cents: amount.cents ?? 0,
    initiation_type: values.initiation_type,
    receiver_name: values.receiver_name,
    receiver_document: values.receiver_document,
  };
  if (values.initiation_type === "manual") {
    return {
      amount,
      body: {
        ...common,
        receiver_bank_ispb: orUndefined(compactDigits(values.receiver_bank_ispb)),
        receiver_agency: orUndefined(compactDigits(values.receiver_agency)),
        receiver_account: orUndefined(compactDigits(values.receiver_account)),
        receiver_account_type: orUndefined(values.receiver_account_type),
      },
    };
  }
  return {
    amount,
    body: { ...common, pix_key_type: orUndefined(values.pix_key_type), pix_key: values.pix_key },
  };
}

/** What POST /api/transfers reads beside the transfer (wire names), from the form; absent when not chosen. */
export type PayableBody = {
  scheduled_for?: string;
  recurrence?: { every: RecurrenceEvery; count?: number; until?: string };
  description?: string;
  cost_centre_id?: string;
  receiver_id?: string;
};

/** The form's schedule, recurrence, description, cost centre and saved receiver as the request body carries them. */
export function toPayableBody(values: RegisterFormValues): PayableBody {
  const body: PayableBody = {};
  if (values.scheduled_for) body.scheduled_for = values.scheduled_for;
  if (values.repeat) {
    const count = values.repeat_count.trim();
    body.recurrence =
      values.repeat_end === "until"
        ? { every: values.repeat, ...(values.repeat_until ? { until: values.repeat_until } : {}) }
        : { every: values.repeat, ...(/^\d+$/.test(count) ? { count: Number(count) } : {}) };
  }
  if (values.description.trim()) body.description = values.description.trim();
  if (values.cost_centre_id) body.cost_centre_id = values.cost_centre_id;
  if (values.receiver_id) body.receiver_id = values.receiver_id;
  return body;
}
