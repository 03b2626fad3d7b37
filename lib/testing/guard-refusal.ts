import { kindForStatus, problemBody, problemResponse } from "@/lib/http/problem";

/** A stand-in guard's 401 or 403, in the shape the real guard answers (a problem, checked by route()'s answer check). */
export function guardRefusal(status: number, error: string): Response {
  return problemResponse(problemBody(status, kindForStatus(status), error, "test-request-id"));
}

/**
 * The guard's stand-in for a file of route tests: whoever calls is a person of `auth.role` (the
 * test sets it before each call), refused with a 403 what that role may not do.
 *
 *   const auth = vi.hoisted(() => ({ role: "operator" }));
 *   vi.mock("@/lib/auth/guard", async () => (await import("@/lib/testing/guard-refusal")).guardAsRole(auth));
 */
export async function guardAsRole(auth: { role: string }) {
  const { vi } = await import("vitest");
  const { can } = await import("@/lib/auth/roles");
  return {
    requireApiUser: vi.fn(async (_request: Request, permission: Parameters<typeof can>[1]) => {
      const user = { id: `u-${auth.role}`, email: `${auth.role}@demo.test`, name: auth.role, role: auth.role };
      return can(auth.role as Parameters<typeof can>[0], permission) ? { user } : { response: guardRefusal(403, "forbidden") };
    }),
  };
}
