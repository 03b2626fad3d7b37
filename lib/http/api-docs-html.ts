import "server-only";
import type { Locale } from "@/lib/i18n/config";
import type { Translator } from "@/lib/i18n/server";

/**
 * /api/docs: the OpenAPI document as one readable page, rendered here on the server (no script,
 * no CDN: our CSP allows neither), with its own small stylesheet inline. Each operation: method
 * and path, summary, who may call it, parameters, body and answers; the schemas follow, each an
 * anchor that the operations link to.
 */
type Json = Record<string, unknown>;

export function renderApiDocs(doc: Json, t: Translator, locale: Locale): string {
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const schemas = ((doc.components as Json).schemas ?? {}) as Record<string, Json>;
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = ((op.tags as string[] | undefined) ?? ["api"])[0] ?? "api";
      const list = byTag.get(tag) ?? [];
      list.push(operationHtml(method, path, op, t));
      byTag.set(tag, list);
    }
  }
  const info = doc.info as Json;
  const sections = [...byTag.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, ops]) => `<section><h2 id="tag-${esc(tag)}">${esc(tag)}</h2>${ops.join("")}</section>`)
    .join("");
  const toc = [...byTag.keys()].sort().map((tag) => `<a href="#tag-${esc(tag)}">${esc(tag)}</a>`).join(" · ");
  const schemaHtml = Object.entries(schemas)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([id, schema]) => `<details id="schema-${esc(id)}"><summary><code>${esc(id)}</code></summary><pre>${linkRefs(esc(JSON.stringify(schema, null, 2)))}</pre></details>`)
    .join("");
  return `<!doctype html><html lang="${esc(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(t("apiDocs.title"))} · ${esc(String(info.title))}</title><style>${STYLE}</style></head><body><main>
<h1>${esc(t("apiDocs.title"))}</h1>
<p>${esc(t("apiDocs.intro", { document: "GET /api/openapi.json" })).replace("GET /api/openapi.json", '<a href="/api/openapi.json">GET /api/openapi.json</a>')}</p>
<p>${esc(String(info.description ?? ""))}</p>
<p>${esc(t("apiDocs.auth"))}</p>
<p>${esc(t("apiDocs.errors", { error: "error", fields: "fields" }))}</p>
<nav>${toc} · <a href="#schemas">${esc(t("apiDocs.schemas"))}</a></nav>
${sections}
<section><h2 id="schemas">${esc(t("apiDocs.schemas"))}</h2>${schemaHtml}</section>
</main></body></html>`;
}

function operationHtml(method: string, path: string, op: Json, t: Translator): string {
  const params = (op.parameters as Json[] | undefined) ?? [];
  const paramRows = params
    .map((p) => `<li><code>${esc(String(p.name))}</code> <small>(${esc(String(p.in))}${p.required ? `, ${esc(t("apiDocs.required"))}` : ""})</small> ${typeHtml(p.schema as Json)}</li>`)
    .join("");
  const body = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
  const bodyHtml = body
    ? Object.entries(body)
        .map(([type, media]) => `<div><code>${esc(type)}</code>${media.schema && (media.schema as Json).type === "object" ? `<pre>${linkRefs(esc(JSON.stringify(media.schema, null, 2)))}</pre>` : ""}</div>`)
        .join("")
    : "";
  const answers = Object.entries((op.responses ?? {}) as Record<string, Json>)
    .filter(([status]) => !status.endsWith("XX"))
    .map(([status, answer]) => {
      const content = (answer.content ?? {}) as Record<string, Json>;
      const kinds = Object.entries(content)
        .map(([type, media]) => {
          const ref = (media.schema as Json | undefined)?.$ref;
          return typeof ref === "string" ? `<code>${esc(type)}</code> ${linkRefs(esc(ref))}` : `<code>${esc(type)}</code>`;
        })
        .join(", ");
      return `<li><b>${esc(status)}</b> ${esc(String(answer.description ?? ""))}: ${kinds}</li>`;
    })
    .join("");
  const stepUp = op["x-step-up"] ? ` <small>(${esc(t("apiDocs.stepUp"))})</small>` : "";
  return `<article id="${esc(String(op.operationId))}"><h3><span class="m m-${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3>
<p>${esc(String(op.summary ?? ""))}</p><p><small>${esc(t("apiDocs.roles"))}: ${esc(String(op.description ?? ""))}${stepUp}</small></p>
${paramRows ? `<h4>${esc(t("apiDocs.parameters"))}</h4><ul>${paramRows}</ul>` : ""}
${bodyHtml ? `<h4>${esc(t("apiDocs.body"))}</h4>${bodyHtml}` : ""}
<h4>${esc(t("apiDocs.answers"))}</h4><ul>${answers}</ul></article>`;
}

function typeHtml(schema: Json | undefined): string {
  if (!schema) return "";
  const e = schema.enum as unknown[] | undefined;
  if (e) return `<code>${esc(e.map(String).join(" | "))}</code>`;
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : String(schema.type ?? "");
  return type ? `<code>${esc(type)}</code>` : "";
}

/** `#/components/schemas/Transfer` -> a link to that schema below. */
function linkRefs(html: string): string {
  return html.replace(/#\/components\/schemas\/([A-Za-z0-9_]+)/g, (_, id: string) => `<a href="#schema-${id}">${id}</a>`);
}

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

const STYLE = `
body{margin:0;font:15px/1.5 system-ui,sans-serif;color:#111;background:#fff}
main{max-width:960px;margin:0 auto;padding:24px 16px}
h1{font-size:26px;margin:0 0 12px}h2{font-size:20px;margin:32px 0 8px;border-bottom:1px solid #ddd;padding-bottom:4px}
h3{font-size:16px;margin:0 0 4px;word-break:break-all}h4{font-size:13px;margin:8px 0 2px;text-transform:uppercase;color:#555}
article{border:1px solid #e3e3e3;border-radius:8px;padding:12px 14px;margin:12px 0}
pre{background:#f6f6f6;padding:8px;border-radius:6px;overflow:auto;font-size:12px;max-height:420px}
code{font-size:13px}ul{margin:4px 0;padding-left:20px}nav{margin:12px 0;line-height:2}
.m{display:inline-block;min-width:58px;text-align:center;border-radius:4px;padding:0 6px;color:#fff;font-size:12px;font-weight:600}
.m-get{background:#1b6e3a}.m-post{background:#1d4f91}.m-put,.m-patch{background:#8a5a00}.m-delete{background:#a12a2a}
details{margin:6px 0}summary{cursor:pointer}a{color:#1d4f91}
@media (prefers-color-scheme: dark){body{background:#111;color:#eee}article{border-color:#333}pre{background:#1c1c1c}h2{border-color:#333}h4{color:#aaa}a{color:#8ab4f8}}
`;
