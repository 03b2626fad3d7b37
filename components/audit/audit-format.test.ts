import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/i18n/messages";
import { actionLabel, detailItems, outcomeLabel, outcomeTone, type AuditTranslator } from "./audit-format";

const t = (locale: "pt-BR" | "en") =>
  createTranslator({ locale, messages: MESSAGES[locale], timeZone: "America/Sao_Paulo" }) satisfies AuditTranslator;

describe("audit entries on screen", () => {
  it("a registration reads as an attempt; its outcome says whether it went through", () => {
    expect(actionLabel("payment.register", t("en"))).toBe("Transfer registration");
    expect(actionLabel("payment.register", t("pt-BR"))).toBe("Registro de transferência");
    expect(outcomeTone("registered")).toBe("good");
    expect(outcomeTone("rejected")).toBe("bad");
    expect(actionLabel("something.new", t("pt-BR"))).toBe("something.new");
  });

  it("outcomes in words: ours, a transfer's state from the glossary, an HTTP error, or as recorded", () => {
    expect(outcomeLabel("invalid_credentials", t("pt-BR"))).toBe("E-mail ou senha errados");
    expect(outcomeLabel("awaiting_approval", t("pt-BR"))).toBe("Aguardando aprovação");
    expect(outcomeLabel("error_503", t("en"))).toBe("Error (HTTP 503)");
    expect(outcomeLabel("brand_new", t("en"))).toBe("brand_new");
  });

  it("details are labelled in the UI's words with the UI's values: BRL, CPF/CNPJ, key and account types, roles, yes/no", () => {
    const items = detailItems(
      {
        value_cents: 4_321,
        idempotent_id: "x".repeat(100),
        receiver_document: "11144477735",
        pix_key_type: "email",
        receiver_account_type: "CACC",
        initiation_type: "manual",
        authorized: true,
        from: "viewer",
        to: "admin",
        receiver: "",
        note: null,
      },
      t("pt-BR"),
    );
    const byKey = Object.fromEntries(items.map((i) => [i.key, i]));
    expect(byKey.value_cents).toEqual({ key: "value_cents", label: "Valor", value: "R$\u00a043,21", full: "R$\u00a043,21" });
    expect(byKey.idempotent_id?.label).toBe("ID do parceiro");
    expect(byKey.idempotent_id?.value).toHaveLength(80);
    expect(byKey.idempotent_id?.full).toHaveLength(100);
    expect(byKey.receiver_document?.value).toBe("111.444.777-35");
    expect(byKey.pix_key_type?.value).toBe("E-mail");
    expect(byKey.receiver_account_type?.value).toBe("Corrente");
    expect(byKey.initiation_type).toMatchObject({ label: "Enviar para", value: "Por dados bancários" });
    expect(byKey.authorized?.value).toBe("Sim");
    expect(byKey.from).toMatchObject({ label: "De", value: "Consulta (financeiro)" });
    expect(byKey.to?.value).toBe("Administrador");
    expect(items).toHaveLength(9);
  });

  it("an export's filters read as the table's filters, dates in Brazil format", () => {
    const [filters] = detailItems(
      { filters: { status: "completed", registration_start_date: "2026-03-01T00:00:00", receiver_name: "Ana" } },
      t("pt-BR"),
      500,
    );
    expect(filters?.label).toBe("Filtros");
    expect(filters?.value).toBe("Situação: Concluído; Registrado a partir de: 01/03/2026 00:00:00; Nome do recebedor: Ana");
  });

  it("a field with no words yet keeps its key (so nothing is hidden)", () => {
    expect(detailItems({ brand_new_field: 3 }, t("en"))).toEqual([{ key: "brand_new_field", label: "brand_new_field", value: "3", full: "3" }]);
  });
});
