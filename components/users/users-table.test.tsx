// @vitest-environment jsdom
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithIntl } from "@/components/batches/render-with-intl";
import type { UserView } from "@/lib/auth/user-view";
import { UsersTable } from "./users-table";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn() }) }));

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
});

const user = (id: string, email: string, extra: Partial<UserView> = {}): UserView => ({
  id,
  email,
  name: email.split("@")[0]!,
  role: "operator",
  createdAt: "2026-03-10T15:00:00.000Z",
  deactivatedAt: null,
  twoFactorEnabled: false,
  secondFactorRequired: false,
  hasPassword: true,
  passkeys: 0,
  ...extra,
});

const USERS = [user("me", "admin@demo.test", { role: "admin" }), user("u2", "bia@demo.test"), user("u3", "caio@demo.test", { deactivatedAt: "2026-03-11T10:00:00.000Z" })];

describe("UsersTable", () => {
  it("offers the admin's actions on others only, shows a waiting role change and mutes a deactivated account", () => {
    const onAction = vi.fn();
    const view = renderWithIntl(
      <UsersTable users={USERS} currentUserId="me" proposedRole={{ id: "u2", role: "approver" }} busy={false} onAction={onAction} />,
      "pt-BR",
    );
    unmount = view.unmount;
    const row = (email: string) => view.host.querySelector(`tr[data-user="${email}"]`)!;
    expect(row("admin@demo.test").querySelector("[data-testid=own-role]")!.textContent).toBe("Administrador");
    expect(row("admin@demo.test").querySelector("select, button")).toBeNull();
    const select = row("bia@demo.test").querySelector("select")!;
    expect(select.value).toBe("approver");
    expect(select.getAttribute("aria-label")).toContain("bia@demo.test");
    const deactivate = [...row("bia@demo.test").querySelectorAll("button")].find((b) => b.textContent === "Desativar")!;
    act(() => deactivate.click());
    expect(onAction).toHaveBeenCalledWith(USERS[1], "deactivate");
    expect(row("caio@demo.test").className).toContain("text-fg-muted");
    expect(row("bia@demo.test").className).not.toContain("text-fg-muted");
  });
});
