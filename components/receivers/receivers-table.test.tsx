// @vitest-environment jsdom
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithIntl } from "@/components/batches/render-with-intl";
import type { SavedReceiver } from "@/lib/receivers/types";
import { ReceiversTable } from "./receivers-table";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn() }) }));

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
});

const RECEIVER = {
  id: "r1",
  nickname: "Aluguel",
  receiver_name: "Imobiliária Sol",
  receiver_document: "11222333000181",
  pix_key_type: "email",
  pix_key: "financeiro@sol.test",
  bank: null,
  created_by: { id: "u1", email: "ana@demo.test" },
  created_at: "2026-03-10T15:00:00.000Z",
} as unknown as SavedReceiver;

describe("ReceiversTable", () => {
  it("lists a receiver with its destination; edit and delete only for those who may change them", () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    const view = renderWithIntl(<ReceiversTable receivers={[RECEIVER]} canEdit onEdit={onEdit} onDelete={onDelete} />, "pt-BR");
    unmount = view.unmount;
    const row = view.host.querySelector("[data-testid=receivers-table] tbody tr[data-receiver=Aluguel]")!;
    expect(row.textContent).toContain("Imobiliária Sol");
    expect(row.textContent).toContain("11.222.333/0001-81");
    expect(row.textContent).toContain("financeiro@sol.test");
    expect(row.textContent).toContain("10/03/2026");
    const edit = row.querySelector<HTMLButtonElement>("button[aria-label*=Aluguel]")!;
    act(() => edit.click());
    expect(onEdit).toHaveBeenCalledWith(RECEIVER);
    expect(view.host.querySelectorAll("[data-testid=receivers-table] th")).toHaveLength(5);
  });

  it("has no actions column for a reader", () => {
    const view = renderWithIntl(<ReceiversTable receivers={[RECEIVER]} canEdit={false} onEdit={vi.fn()} onDelete={vi.fn()} />, "en");
    unmount = view.unmount;
    expect(view.host.querySelectorAll("[data-testid=receivers-table] th")).toHaveLength(4);
    expect(view.host.querySelector("button")).toBeNull();
  });
});
