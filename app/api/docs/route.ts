import { route } from "@/lib/http";
import { fileAnswer } from "@/lib/http/answers";
import { renderApiDocs } from "@/lib/http/api-docs-html";
import { NO_STORE } from "@/lib/http/errors";
import { openApiDocument } from "../_openapi/document";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    name: "GET /api/docs",
    summary: "The API reference as a page (the OpenAPI document rendered on the server; admins and service accounts)",
    answers: { 200: fileAnswer("text/html", "The reference page") },
    permission: "apiDocs",
  },
  async ({ locale, t }) =>
    new Response(renderApiDocs(openApiDocument(), t, locale), { headers: { ...NO_STORE, "content-type": "text/html; charset=utf-8" } }),
);
