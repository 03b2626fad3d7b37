import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/i18n/messages";
import { actionLabel, detailItems, outcomeLabel, outcomeTone, systemActorLabel, type AuditTranslator } from "./audit-format";

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

describe("what the money movement writes, read by a person", () => {
  const words = (detail: Record<string, unknown>) =>
    detailItems(detail, t("pt-BR"), 400)
      .map((i) => `${i.label}: ${i.full}`)
      .join(" | ");

  it("a submission's outcome, an approval's reckoning and a batch's rows by state are words, never JSON or field codes", () => {
    const text = words({
      transfer_id: "7bddfd40-225c-4a8f-8542-42c4abfc0f62",
      attempt: 2,
      outcome: { kind: "registered", reference_code: "abc123", status: "auto_authorization", found_by_read_back: true },
      approval_need: { approvals: 2, by_amount: 0, window_sum_cents: 1_999_980, window_hours: 24, window_applies: true },
      rows: { paid: 19, provider_canceled: 1 },
      source: "webhook",
    });
    expect(text).not.toMatch(/[{}"]/);
    expect(text).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
    expect(text).toContain("Tentativa: 2");
    expect(text).toContain("abc123");
    expect(text).toContain("Soma em 24 h a este recebedor: R$");
    expect(text).toContain("Paga: 19; Cancelada pelo provedor: 1");
  });

  it("an entry without a person names the part of the system that acted", () => {
    expect(systemActorLabel("transfer.submit", {}, t("pt-BR"))).toBe("Sistema: fila de envio");
    expect(systemActorLabel("transfer.paid", { source: "webhook" }, t("pt-BR"))).toBe("Sistema: aviso do provedor");
    expect(systemActorLabel("transfer.provider_canceled", { source: "reconciler" }, t("pt-BR"))).toBe("Sistema: conciliador");
    expect(systemActorLabel("batch.expire", {}, t("en"))).toBe("System: reconciler");
  });
});
