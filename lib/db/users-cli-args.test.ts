import { describe, expect, it } from "vitest";
import { parseUsersArgs } from "./users-cli-args";

describe("users CLI arguments", () => {
  it("reads add, with the password from stdin, the environment or a terminal prompt", () => {
    expect(parseUsersArgs(["add", "ana@example.com", "operator", "--password-stdin"])).toEqual({
      ok: true,
      command: { kind: "add", email: "ana@example.com", role: "operator", password: "stdin" },
    });
    expect(parseUsersArgs(["add", "ana@example.com", "viewer", "--name", "Ana Souza"], { USER_PASSWORD: "x" })).toEqual({
      ok: true,
      command: { kind: "add", email: "ana@example.com", role: "viewer", password: "env", name: "Ana Souza" },
    });
    expect(parseUsersArgs(["add", "ana@example.com", "admin"], {}, true)).toMatchObject({
      ok: true,
      command: { password: "prompt" },
    });
  });

  it("refuses add without any way to get a password", () => {
    expect(parseUsersArgs(["add", "ana@example.com", "admin"], {}, false)).toEqual({
      ok: false,
      error: "No password given: pipe it with --password-stdin, set USER_PASSWORD, or run in a terminal",
    });
  });

  it("reads pending, confirm ID and refuse ID", () => {
    const id = "0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9";
    expect(parseUsersArgs(["pending"])).toEqual({ ok: true, command: { kind: "pending" } });
    expect(parseUsersArgs(["confirm", id.toUpperCase()])).toEqual({ ok: true, command: { kind: "confirm", id } });
    expect(parseUsersArgs(["refuse", id])).toEqual({ ok: true, command: { kind: "refuse", id } });
    expect(parseUsersArgs(["confirm"])).toEqual({ ok: false, error: "Missing ID (see npm run users -- pending)" });
    expect(parseUsersArgs(["confirm", "12"])).toEqual({ ok: false, error: `"12" is not the id of a pending change` });
    expect(parseUsersArgs(["pending", "x"])).toEqual({ ok: false, error: `"pending" takes no arguments` });
  });

  it("reads list and role", () => {
    expect(parseUsersArgs(["list"])).toEqual({ ok: true, command: { kind: "list" } });
    expect(parseUsersArgs(["role", "bia@example.com", "support"])).toEqual({
      ok: true,
      command: { kind: "role", email: "bia@example.com", role: "support" },
    });
  });

  it.each([
    [["add"], "Missing EMAIL"],
    [["add", "not-an-email", "viewer"], `"not-an-email" is not an email address`],
    [["add", "a@b.co"], "Missing ROLE (one of: viewer, support, operator, approver, admin)"],
    [["role", "a@b.co", "root"], `Unknown role "root". Use one of: viewer, support, operator, approver, admin`],
    [["role", "a@b.co", "admin", "extra"], `Unexpected argument "extra"`],
    [["list", "x"], `"list" takes no arguments`],
    [["delete", "a@b.co"], `Unknown command "delete". Use add, list, role, pending, confirm or refuse`],
    [["add", "a@b.co", "viewer", "--password", "x"], "Unknown option --password"],
    [["add", "a@b.co", "viewer", "--name"], "--name needs a value"],
    [["role", "a@b.co", "viewer", "--password-stdin"], `"role" takes no options`],
  ])("explains what is wrong with %j", (argv, error) => {
    expect(parseUsersArgs(argv, {}, true)).toEqual({ ok: false, error });
  });

  it("shows help with no arguments, help or --help", () => {
    for (const argv of [[], ["help"], ["add", "--help"]]) {
      expect(parseUsersArgs(argv)).toEqual({ ok: true, command: { kind: "help" } });
    }
  });
});
