import { describe, expect, it } from "vitest";
import { splitArgs } from "./args";
import type { Command } from "./command";
import { add } from "./commands/add";
import { link } from "./commands/link";
import { list } from "./commands/list";
import { role } from "./commands/role";

/** A command's reading of its arguments, as `run.ts` does it: options first, then the command's parse. */
function read<T>(command: Command<T>, argv: string[], env: Record<string, string | undefined> = {}) {
  const split = splitArgs(argv, command.options);
  return split.ok ? command.parse(split.value, env) : split;
}

describe("npm run users: arguments", () => {
  it("add prints a link by default; a script may pipe the password or set USER_PASSWORD", () => {
    expect(read(add, ["ana@example.com", "admin"])).toEqual({ ok: true, value: { email: "ana@example.com", role: "admin", password: "link" } });
    expect(read(add, ["ana@example.com", "operator", "--password-stdin"])).toEqual({
      ok: true,
      value: { email: "ana@example.com", role: "operator", password: "stdin" },
    });
    expect(read(add, ["ana@example.com", "viewer", "--name", "Ana Souza"], { USER_PASSWORD: "x" })).toEqual({
      ok: true,
      value: { email: "ana@example.com", role: "viewer", password: "env", name: "Ana Souza" },
    });
    expect(read(add, ["--name=Ana", "ana@example.com", "viewer"])).toMatchObject({ ok: true, value: { name: "Ana" } });
  });

  it("list, role and link", () => {
    expect(read(list, [])).toEqual({ ok: true, value: null });
    expect(read(role, ["bia@example.com", "support"])).toEqual({ ok: true, value: { email: "bia@example.com", role: "support" } });
    expect(read(link, ["bia@example.com"])).toEqual({ ok: true, value: { email: "bia@example.com" } });
  });

  it.each([
    [add, [], "Missing EMAIL"],
    [add, ["not-an-email", "viewer"], `"not-an-email" is not an email address`],
    [add, ["a@b.co"], "Missing ROLE"],
    [role, ["a@b.co", "root"], `Unknown role "root". Use one of: viewer, support, operator, approver, admin`],
    [role, ["a@b.co", "admin", "extra"], `Unexpected argument "extra"`],
    [list, ["x"], `Unexpected argument "x"`],
    [add, ["a@b.co", "viewer", "--password", "x"], "Unknown option --password"],
    [add, ["a@b.co", "viewer", "--name"], "--name needs a value"],
    [role, ["a@b.co", "viewer", "--password-stdin"], "Unknown option --password-stdin"],
    [link, [], "Missing EMAIL"],
  ] as const)("%# explains what is wrong: %j", (command, argv, error) => {
    expect(read(command as Command<unknown>, [...argv])).toEqual({ ok: false, error });
  });
});
