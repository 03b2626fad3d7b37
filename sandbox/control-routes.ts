import "@/lib/zod-config";
import { z } from "zod";
import { faultSpecSchema } from "./faults";
import { error, json, readJsonObject, type Reply } from "./http-io";
import type { RequestContext } from "./api-routes";
import type { SandboxCore } from "./sandbox-core";
import { joinMessages, providerMessages } from "./validation";

const advanceSchema = z.object({ ms: z.number().int().nonnegative().max(365 * 24 * 3_600_000) });
const resetSchema = z.object({ webhooks: z.boolean().optional() });

/** Test-only control API under /_control/ (no bearer token). Null when no route matches. */
export async function routeControl(core: SandboxCore, ctx: RequestContext): Promise<Reply | null> {
  const { method, req } = ctx;
  const path = ctx.segments.slice(1).join("/");
  switch (`${method} ${path}`) {
    case "GET state":
      return json(200, core.state());
    case "GET faults":
      return json(200, { faults: core.faults.list() });
    case "POST faults": {
      const body = await readJsonObject(req);
      if (!body.ok) return body.reply;
      const parsed = faultSpecSchema.safeParse(body.value);
      if (!parsed.success) {
        const order = ["method", "path", "fault", "times", "delayMs"];
        return error(400, joinMessages(providerMessages(parsed.error.issues, body.value, order)));
      }
      const fault = core.faults.arm(parsed.data);
      return json(201, { fault, faults: core.faults.list() });
    }
    case "DELETE faults":
      return json(200, { cleared: core.faults.clear() });
    case "POST reset": {
      const body = await readJsonObject(req, true);
      if (!body.ok) return body.reply;
      const parsed = resetSchema.safeParse(body.value);
      if (!parsed.success) return error(400, "webhooks invalid");
      const removed = await core.reset(parsed.data);
      return json(200, { removed, state: core.state() });
    }
    case "POST advance": {
      const body = await readJsonObject(req);
      if (!body.ok) return body.reply;
      const parsed = advanceSchema.safeParse(body.value);
      if (!parsed.success) return error(400, joinMessages(providerMessages(parsed.error.issues, body.value, ["ms"])));
      const transitions = await core.lifecycle.advance(parsed.data.ms);
      return json(200, { transitions, now: new Date(core.clock.now()).toISOString() });
    }
    case "POST settle": {
      const body = await readJsonObject(req, true);
      if (!body.ok) return body.reply;
      const transitions = await core.lifecycle.settle();
      return json(200, { transitions, now: new Date(core.clock.now()).toISOString() });
    }
    default:
      return null;
  }
}
