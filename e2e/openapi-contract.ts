import { readFileSync } from "node:fs";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { APIResponse } from "@playwright/test";
import { storageStateFor, type E2EAccount } from "./env";

/**
 * Test-only: answers checked against the published OpenAPI document (not against our zod
 * schemas): the document's own JSON Schemas compiled with ajv, each status looked up as the
 * document lists it (an exact status, else 4XX/5XX).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON read off the wire, checked by the assertions
type Json = Record<string, any>;
// ajv-formats is CommonJS: its function is the default export or the module itself, depending on the loader.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;

export type Checked = { status: number; problem: string | null };

export function documentChecker(doc: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ $id: "openapi", components: doc.components });
  const compiled = new Map<string, ValidateFunction>();
  const validatorFor = (schema: Json): ValidateFunction => {
    const key = JSON.stringify(schema);
    let v = compiled.get(key);
    if (!v) {
      const local = typeof schema.$ref === "string" ? { $ref: `openapi${schema.$ref}` } : rewriteRefs(schema);
      v = ajv.compile(local);
      compiled.set(key, v);
    }
    return v;
  };

  return async function check(path: string, method: string, res: APIResponse | Response, readBody = true): Promise<Checked> {
    const operation = doc.paths[path]?.[method.toLowerCase()];
    if (!operation) return { status: status(res), problem: `${method} ${path} is not in the document` };
    const s = status(res);
    let answer = operation.responses[String(s)] ?? operation.responses[`${String(s)[0]}XX`];
    if (!answer) return { status: s, problem: `status ${s} is not documented (${Object.keys(operation.responses).join(", ")})` };
    if (answer.$ref) answer = doc.components.responses[answer.$ref.split("/").at(-1)];
    const type = (header(res, "content-type") ?? "").split(";")[0]!.trim();
    const media = answer.content?.[type];
    if (!media) return { status: s, problem: `status ${s}: content-type "${type}" is not documented (${Object.keys(answer.content ?? {}).join(", ")})` };
    if (!/^application\/(problem\+)?json$/.test(type) || !readBody) return { status: s, problem: null };
    const body = await json(res);
    const validate = validatorFor(media.schema);
    if (validate(body)) return { status: s, problem: null };
    const errors = (validate.errors ?? []).slice(0, 4).map((e) => `${e.instancePath || "(root)"} ${e.message} ${JSON.stringify(e.params)}`);
    return { status: s, problem: `status ${s}: ${errors.join("; ")}` };
  };
}

function rewriteRefs(schema: Json): Json {
  return JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, '"$ref":"openapi#/'));
}

function status(res: APIResponse | Response): number {
  return typeof res.status === "function" ? res.status() : res.status;
}

function header(res: APIResponse | Response, name: string): string | undefined {
  return "headersArray" in res ? res.headers()[name] : (res as Response).headers.get(name) ?? undefined;
}

async function json(res: APIResponse | Response): Promise<unknown> {
  return "headersArray" in res ? res.json() : (res as Response).json();
}

/** The Cookie header of a signed-in account's stored state (for a plain fetch of a stream). */
export function cookieHeader(account: E2EAccount): string {
  const state = JSON.parse(readFileSync(storageStateFor(account), "utf8")) as { cookies: Array<{ name: string; value: string }> };
  return state.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}
