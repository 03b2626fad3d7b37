// @vitest-environment jsdom
import { createTranslator } from "next-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithIntl } from "@/components/batches/render-with-intl";
import type { AuditEntry } from "@/lib/db/audit";
import { MESSAGES } from "@/lib/i18n/messages";
import type { AuditTranslator } from "./audit-format";
import { auditRows } from "./audit-rows";
import { AuditTable } from "./audit-table";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn() }) }));

const t = createTranslator({ locale: "pt-BR", messages: MESSAGES["pt-BR"], timeZone: "America/Sao_Paulo" }) satisfies AuditTranslator;

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
});

const entry = (id: number, extra: Partial<AuditEntry>): AuditEntry => ({
  id,
  at: "2026-03-10T15:00:00.000Z",
  actorId: null,
  actorEmail: null,
  action: "payment.register",
  target: null,
  outcome: "registered",
  detail: {},
  ip: null,
  requestId: null,
  ...extra,
});

describe("AuditTable", () => {
  it("shows each entry as the server worded it, under the export file's column words", () => {
    const rows = auditRows(
      [
        entry(2, { actorEmail: "ana@demo.test", target: "t-1", ip: "203.0.113.9", detail: { value_cents: 4_321 } }),
        entry(1, { action: "transfer.submit", outcome: "rejected" }),
      ],
      t,
    );
    const view = renderWithIntl(<AuditTable rows={rows} caption="Trilha" empty="Nada" />, "pt-BR");
    unmount = view.unmount;
    const table = view.host.querySelector("table")!;
    expect([...table.querySelectorAll("th")].map((th) => th.textContent)).toEqual(
      (["at", "actor", "action", "target", "outcome", "detail"] as const).map((key) => t(`exports.auditColumns.${key}`)),
    );
    const [first, second] = [...table.querySelectorAll("tbody tr")];
    expect(first!.querySelector("time")!.getAttribute("dateTime")).toBe("2026-03-10T15:00:00.000Z");
    expect(first!.textContent).toContain("10/03/2026 12:00:00");
    expect(first!.querySelector("td[data-column=actor]")!.textContent).toBe("ana@demo.test");
    expect(first!.querySelector("td[data-column=action]")!.textContent).toBe("Registro de transferência");
    expect(first!.querySelector("td[data-column=detail]")!.textContent).toContain("R$\u00a043,21");
    expect(first!.querySelector("td[data-column=detail]")!.textContent).toContain("203.0.113.9");
    expect(second!.querySelector("[data-testid=system-actor]")!.textContent).toBe(t("audit.system.engine"));
    expect(second!.querySelector("[data-outcome=rejected]")).not.toBeNull();
    expect(second!.querySelector("td[data-column=target]")!.textContent).toBe("—");
  });

  it("keeps its header and says so when no entry matches", () => {
    const view = renderWithIntl(<AuditTable rows={[]} caption="Trilha" empty="Nenhuma entrada" />, "pt-BR");
    unmount = view.unmount;
    expect(view.host.querySelectorAll("th")).toHaveLength(6);
    expect(view.host.querySelector("tbody")!.textContent).toBe("Nenhuma entrada");
  });
});
