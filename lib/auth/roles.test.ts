import { describe, expect, it } from "vitest";
import { can, isRole, PERMISSIONS, ROLES } from "./roles";
import { loginUrlFor, safeNextPath } from "./safe-next";

describe("roles", () => {
  it("keeps maker and checker apart: who may do what", () => {
    const table = Object.fromEntries(
      ROLES.map((role) => [role, Object.keys(PERMISSIONS).filter((p) => can(role, p as keyof typeof PERMISSIONS))]),
    );
    expect(table).toEqual({
      viewer: ["account", "viewPayments", "export", "viewTransfers"],
      support: ["account", "viewPayments", "export", "lookup", "events", "viewTransfers", "alerts", "allAlerts", "reconciliation"],
      operator: ["account", "viewPayments", "export", "lookup", "events", "register", "viewTransfers", "handleAttention", "alerts"],
      approver: ["account", "viewPayments", "export", "lookup", "events", "viewTransfers", "approve", "alerts", "allAlerts"],
      admin: ["account", "viewPayments", "export", "lookup", "events", "register", "viewTransfers", "approve", "handleAttention", "alerts", "allAlerts", "reconciliation", "audit", "users", "webhooks", "policy", "costCentres", "pendingChanges", "apiDocs"],
    });
  });

  it("grants nothing to an unknown role", () => {
    expect(isRole("root")).toBe(false);
    expect(can("root" as never, "viewPayments")).toBe(false);
  });
});

describe("safeNextPath", () => {
  it.each([
    ["/payments?status=PAID#x", "/payments?status=PAID#x"],
    ["/qrcodes/E123", "/qrcodes/E123"],
    [["/audit", "/other"], "/audit"],
    ["/%0d%0aLocation:x", "/%0d%0aLocation:x"], // percent-encoded: inert inside the path
  ])("keeps the same-site path %j", (input, expected) => {
    expect(safeNextPath(input)).toBe(expected);
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "/\u0000x",
    "payments",
    "/login?next=/x",
    "/api/auth/sign-out",
    "",
    undefined,
    42,
  ])("refuses %j", (input) => {
    expect(safeNextPath(input)).toBe("/");
  });

  it("builds the login URL that comes back", () => {
    expect(loginUrlFor("/payments/abc")).toBe("/login?next=%2Fpayments%2Fabc");
    expect(loginUrlFor("/")).toBe("/login");
    expect(loginUrlFor("https://evil.example")).toBe("/login");
  });
});
