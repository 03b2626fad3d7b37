import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/i18n/messages";
import { listParamLabel, type AppTranslator } from "./param-label";

const t = (locale: "pt-BR" | "en") =>
  createTranslator({ locale, messages: MESSAGES[locale], timeZone: "America/Sao_Paulo" }) as unknown as AppTranslator;

describe("list parameters in words", () => {
  it("business words come from the glossary, for either list", () => {
    expect(listParamLabel("reference_code", t("en"))).toBe(t("en")("glossary.referenceCode"));
    expect(listParamLabel("payer_name", t("pt-BR"), "qrcodes")).toBe(t("pt-BR")("glossary.payer"));
  });

  it("page and date bounds are each list's own words; an unknown parameter is shown as it is", () => {
    expect(listParamLabel("registration_start_date", t("en"), "qrcodes")).toBe("Created from");
    expect(listParamLabel("registration_start_date", t("en"))).toBe("Registered from");
    expect(listParamLabel("fuzz", t("en"))).toBe("fuzz");
    expect(listParamLabel("toString", t("en"))).toBe("toString");
  });
});
