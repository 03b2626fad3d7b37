import type { useTranslations } from "next-intl";

/** The translator of every namespace (`t("glossary.amount")`): columns are built once per language. */
export type AppTranslator = ReturnType<typeof useTranslations<never>>;

/** The lists' business parameters, worded by the glossary. */
const GLOSSARY_WORDS = {
  receiver_name: "glossary.receiverName",
  receiver_document: "glossary.receiverDocument",
  generator_name: "glossary.generator",
  payer_name: "glossary.payer",
  status: "glossary.status",
  reference_code: "glossary.referenceCode",
  end_to_end: "glossary.endToEnd",
} as const;

/** The QR code list's documents, worded like their columns. */
const QRCODE_WORDS = {
  generator_document: "qrcodes.columns.generatorDocument",
  payer_document: "qrcodes.columns.payerDocument",
} as const;

/** Worded by each list (`payments.params`, `qrcodes.params`): a QR code is "created", a payment "registered". */
const LIST_OWN_PARAMS = ["page", "registration_start_date", "registration_end_date", "payment_start_date", "payment_end_date"] as const;

/**
 * A provider list parameter's name in words (refused URL values, filter chips, the audit log's
 * export filters): business words from the glossary, page and date bounds from the list's own
 * namespace. An unknown parameter is shown as it is.
 */
export function listParamLabel(key: string, t: AppTranslator, list: "payments" | "qrcodes" = "payments"): string {
  if (Object.hasOwn(GLOSSARY_WORDS, key)) return t(GLOSSARY_WORDS[key as keyof typeof GLOSSARY_WORDS]);
  if (Object.hasOwn(QRCODE_WORDS, key)) return t(QRCODE_WORDS[key as keyof typeof QRCODE_WORDS]);
  const own = LIST_OWN_PARAMS.find((p) => p === key);
  return own ? t(`${list}.params.${own}`) : key;
}
