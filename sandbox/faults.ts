import { checkFields, type FieldRules } from "./field-rules";

/**
 * What a fault does to the call it matches (README "Faults"). "Before commit" faults change
 * nothing; "after commit" ones let the call do its work (a registration is stored), then spoil
 * the answer; `hold` parks the call until a test releases it.
 */
export const FAULT_KINDS = [
  "timeout",
  "timeout-after-commit",
  "500",
  "500-after-commit",
  "reset",
  "reset-after-commit",
  "malformed-json",
  "delay",
  "hold",
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** How a held call ends: processed and answered, processed then spoiled, or never processed. */
export const RELEASE_MODES = ["commit", "commit-then-reset", "commit-then-500", "drop"] as const;
export type ReleaseMode = (typeof RELEASE_MODES)[number];

const FAULT_SPEC_FIELDS = {
  method: { type: "string", pattern: /^(\*|[A-Za-z]+)$/ },
  path: { type: "string", max: 500, pattern: /^\// },
  fault: { type: "enum", values: FAULT_KINDS },
  times: { type: "integer", greaterThan: 0, atMost: 1_000_000 },
  delayMs: { type: "integer", atLeast: 0, atMost: 600_000 },
} as const satisfies FieldRules;

/** Body of POST /_control/faults, defaults applied. */
export interface FaultSpec {
  /** Upper case, or "*" (any). */
  method: string;
  path: string;
  fault: FaultKind;
  times: number;
  delayMs: number;
}

export function parseFaultSpec(input: Record<string, unknown>): { ok: true; spec: FaultSpec } | { ok: false; messages: string[] } {
  const checked = checkFields(input, FAULT_SPEC_FIELDS, (f) => f === "path" || f === "fault");
  if (!checked.ok) return checked;
  const v = checked.values as Partial<FaultSpec>;
  return {
    ok: true,
    spec: { method: (v.method ?? "*").toUpperCase(), path: v.path!, fault: v.fault!, times: v.times ?? 1, delayMs: v.delayMs ?? 2_000 },
  };
}

export function parseReleaseMode(input: Record<string, unknown>): ReleaseMode | null {
  const mode = input.mode ?? "commit";
  return typeof mode === "string" && (RELEASE_MODES as readonly string[]).includes(mode) ? (mode as ReleaseMode) : null;
}

/** An armed fault as the control API shows it. */
export interface ArmedFault extends FaultSpec {
  id: number;
  /** Calls it may still match. */
  remaining: number;
  /** Calls it has matched so far ("arrived" for a hold). */
  matched: number;
  /** hold: calls parked now, waiting for a release. */
  held: number;
  /** hold: calls released so far (and finished: processed or dropped). */
  released: number;
}

interface Parked {
  release: (mode: ReleaseMode) => void;
  finished: Promise<void>;
}

interface FaultState {
  fault: ArmedFault;
  parked: Parked[];
  /** Callers of waitForArrivals, woken on each arrival and when the fault goes away. */
  waiters: Set<() => void>;
  gone: boolean;
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

/**
 * Faults armed through /_control/faults, consumed by the calls they match (oldest first). A
 * fault stays readable by its id after it is spent (until cleared), so a test can ask how many
 * calls a hold caught. Nothing here uses a timer: a held call waits for its release, however
 * long, so tests drive time instead of racing it.
 */
export class FaultRegistry {
  private readonly states = new Map<number, FaultState>();
  private nextId = 1;

  arm(spec: FaultSpec): ArmedFault {
    const fault: ArmedFault = { ...spec, id: this.nextId++, remaining: spec.times, matched: 0, held: 0, released: 0 };
    this.states.set(fault.id, { fault, parked: [], waiters: new Set(), gone: false });
    return { ...fault };
  }

  /** The fault for this call, if any; counts it as used. */
  take(method: string, pathname: string): ArmedFault | null {
    const m = method.toUpperCase();
    for (const state of this.states.values()) {
      const f = state.fault;
      if (f.remaining <= 0 || (f.method !== "*" && f.method !== m) || !pathMatches(f.path, pathname)) continue;
      f.remaining--;
      f.matched++;
      this.wake(state);
      return { ...f };
    }
    return null;
  }

  /**
   * Parks a call caught by a hold. Resolves with the release mode; the caller reports when it
   * has finished with the call (`done`), which is when the release answers.
   */
  park(id: number): { mode: Promise<ReleaseMode>; done: () => void } {
    const state = this.states.get(id);
    if (!state || state.gone) return { mode: Promise.resolve("drop"), done: () => undefined };
    let release!: (mode: ReleaseMode) => void;
    let done!: () => void;
    const mode = new Promise<ReleaseMode>((resolve) => (release = resolve));
    const finished = new Promise<void>((resolve) => (done = resolve));
    state.parked.push({ release, finished });
    state.fault.held++;
    return { mode, done };
  }

  /** Releases every call the hold has parked; resolves once each has been processed (or dropped). */
  async release(id: number, mode: ReleaseMode): Promise<number> {
    const state = this.states.get(id);
    if (!state) return 0;
    const parked = state.parked.splice(0);
    state.fault.held -= parked.length;
    for (const p of parked) p.release(mode);
    await Promise.all(parked.map((p) => p.finished));
    state.fault.released += parked.length;
    return parked.length;
  }

  /** Resolves once the fault has matched `count` calls, or is gone (cleared, reset, closed). */
  waitForArrivals(id: number, count: number, cancelled: Promise<void>): Promise<void> {
    const state = this.states.get(id);
    if (!state) return Promise.resolve();
    return new Promise((resolve) => {
      const check = () => {
        if (state.gone || state.fault.matched >= count) {
          state.waiters.delete(check);
          resolve();
        }
      };
      state.waiters.add(check);
      void cancelled.then(() => {
        state.waiters.delete(check);
        resolve();
      });
      check();
    });
  }

  get(id: number): ArmedFault | null {
    const state = this.states.get(id);
    return state ? { ...state.fault } : null;
  }

  /** Faults that may still match a call (the listing of GET /_control/faults). */
  list(): ArmedFault[] {
    return [...this.states.values()].filter((s) => s.fault.remaining > 0).map((s) => ({ ...s.fault }));
  }

  /** Calls parked by holds, all faults together (state). */
  get heldCount(): number {
    let n = 0;
    for (const s of this.states.values()) n += s.parked.length;
    return n;
  }

  /** Forgets every fault; parked calls are dropped (never processed, connection reset). Returns how many faults could still match. */
  clear(): number {
    const armed = this.list().length;
    for (const state of this.states.values()) {
      state.gone = true;
      for (const p of state.parked.splice(0)) p.release("drop");
      state.fault.held = 0;
      this.wake(state);
    }
    this.states.clear();
    return armed;
  }

  private wake(state: FaultState): void {
    for (const w of [...state.waiters]) w();
  }
}
