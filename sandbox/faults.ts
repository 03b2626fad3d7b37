import "@/lib/zod-config";
import { z } from "zod";

export const FAULT_KINDS = ["timeout", "timeout-after-commit", "500", "reset", "malformed-json", "delay"] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** Body of POST /_control/faults. */
export const faultSpecSchema = z.object({
  method: z
    .string()
    .regex(/^(\*|[A-Za-z]+)$/)
    .default("*")
    .transform((m) => m.toUpperCase()),
  path: z.string().startsWith("/").max(500),
  fault: z.enum(FAULT_KINDS),
  times: z.number().int().positive().max(1_000_000).default(1),
  delayMs: z.number().int().nonnegative().max(600_000).default(2_000),
});
export type FaultSpec = z.output<typeof faultSpecSchema>;

interface ArmedFault extends FaultSpec {
  id: number;
  remaining: number;
}

/**
 * Path patterns: an exact path ("/v1/pix/payments" is the list and the registration, not
 * the single read), or a glob where `*` matches any run of characters, slashes included
 * ("/v1/pix/payments/*" = every single read, "/v1/*" = everything under /v1).
 */
export function pathMatches(pattern: string, pathname: string): boolean {
  if (!pattern.includes("*")) return pattern === pathname;
  const source = pattern
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join("[\\s\\S]*");
  return new RegExp(`^${source}$`).test(pathname);
}

/** Faults armed through /_control/faults, consumed by the calls they match (oldest first). */
export class FaultRegistry {
  private armed: ArmedFault[] = [];
  private nextId = 1;

  arm(spec: FaultSpec): ArmedFault {
    const fault = { ...spec, id: this.nextId++, remaining: spec.times };
    this.armed.push(fault);
    return fault;
  }

  /** The fault for this call, if any; counts it as used. */
  take(method: string, pathname: string): ArmedFault | null {
    const m = method.toUpperCase();
    const found = this.armed.find((f) => (f.method === "*" || f.method === m) && pathMatches(f.path, pathname));
    if (!found) return null;
    found.remaining--;
    if (found.remaining <= 0) this.armed = this.armed.filter((f) => f !== found);
    return { ...found };
  }

  list(): ArmedFault[] {
    return this.armed.map((f) => ({ ...f }));
  }

  clear(): number {
    const n = this.armed.length;
    this.armed = [];
    return n;
  }
}
