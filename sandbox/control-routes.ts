import type { ServerResponse } from "node:http";
import { parseFaultSpec, parseReleaseMode, RELEASE_MODES } from "./faults";
import { checkFields, joinMessages, type FieldRules } from "./field-rules";
import { paymentDetail } from "./format";
import { error, json, jsonObject, type Reply, type RequestContext } from "./http-io";
import type { SandboxCore } from "./sandbox-core";

const ADVANCE_FIELDS = { ms: { type: "integer", atLeast: 0, atMost: 365 * 24 * 3_600_000 } } as const satisfies FieldRules;

/**
 * Test-only control API under /_control/ (no bearer token). Null when no route matches. `res`
 * is the caller's answer, so a long poll ends when its caller goes away.
 */
export async function routeControl(core: SandboxCore, ctx: RequestContext, res: ServerResponse): Promise<Reply | null> {
  const { method } = ctx;
  const [, first, second, third] = ctx.segments;
  if (first === "faults" && second !== undefined) return routeFault(core, ctx, res, Number(second), third);
  if (first === "payments" && second === undefined && method === "GET") return paymentsWithId(core, ctx.search);
  switch (`${method} ${ctx.segments.slice(1).join("/")}`) {
    case "GET state":
      return json(200, core.state());
    case "GET faults":
      return json(200, { faults: core.faults.list() });
    case "POST faults": {
      const body = jsonObject(ctx);
      if (!body.ok) return body.reply;
      const parsed = parseFaultSpec(body.value);
      if (!parsed.ok) return error(400, joinMessages(parsed.messages));
      const fault = core.faults.arm(parsed.spec);
      return json(201, { fault, faults: core.faults.list() });
    }
    case "DELETE faults":
      return json(200, { cleared: core.faults.clear() });
    case "POST reset": {
      const body = jsonObject(ctx, true);
      if (!body.ok) return body.reply;
      const webhooks = body.value.webhooks;
      if (webhooks !== undefined && typeof webhooks !== "boolean") return error(400, "webhooks invalid");
      const removed = await core.reset({ webhooks });
      return json(200, { removed, state: core.state() });
    }
    case "POST advance": {
      const body = jsonObject(ctx);
      if (!body.ok) return body.reply;
      const checked = checkFields(body.value, ADVANCE_FIELDS, () => true);
      if (!checked.ok) return error(400, joinMessages(checked.messages));
      const transitions = await core.lifecycle.advance(checked.values.ms as number);
      return json(200, { transitions, now: new Date(core.clock.now()).toISOString() });
    }
    case "POST settle": {
      const body = jsonObject(ctx, true);
      if (!body.ok) return body.reply;
      const transitions = await core.lifecycle.settle();
      return json(200, { transitions, now: new Date(core.clock.now()).toISOString() });
    }
    default:
      return null;
  }
}

/**
 * GET /_control/faults/{id}: the fault and its counters (matched, held, released); with
 * `?arrived=N` the answer waits until the fault has caught N calls (no time limit: the caller
 * decides how long to wait, and the wait ends when it hangs up or the fault is cleared).
 * POST /_control/faults/{id}/release `{mode}`: ends every call the hold has parked, and answers
 * once each has been processed (or dropped).
 */
async function routeFault(core: SandboxCore, ctx: RequestContext, res: ServerResponse, id: number, action: string | undefined): Promise<Reply | null> {
  if (!Number.isInteger(id) || !core.faults.get(id)) return error(404, "Fault not found");
  if (action === undefined && ctx.method === "GET") {
    const arrived = ctx.search.get("arrived");
    if (arrived !== null) {
      const count = Number(arrived);
      if (!Number.isInteger(count) || count < 0) return error(400, "arrived invalid");
      const gone = new Promise<void>((resolve) => res.once("close", () => resolve()));
      await core.faults.waitForArrivals(id, count, gone);
    }
    const fault = core.faults.get(id);
    return fault ? json(200, { fault }) : error(404, "Fault not found");
  }
  if (action === "release" && ctx.method === "POST") {
    const body = jsonObject(ctx, true);
    if (!body.ok) return body.reply;
    const mode = parseReleaseMode(body.value);
    if (!mode) return error(400, `mode must be one of ${RELEASE_MODES.join(", ")}`);
    const released = await core.faults.release(id, mode);
    return json(200, { released, fault: core.faults.get(id) });
  }
  return null;
}

/** GET /_control/payments?idempotent_id=...: every payment with that id (more than one only with duplicates "allow"). */
function paymentsWithId(core: SandboxCore, search: URLSearchParams): Reply {
  const id = search.get("idempotent_id");
  if (!id) return error(400, "idempotent_id required");
  const payments = core.index.withId(id).map(paymentDetail);
  return json(200, { payments, count: payments.length });
}
