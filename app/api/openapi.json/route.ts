import { jsonOk, route } from "@/lib/http";
import { openApiDocumentAnswer } from "@/lib/http/openapi";
import { openApiDocument } from "../_openapi/document";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    name: "GET /api/openapi.json",
    summary: "The OpenAPI 3.1 document of this API, made from every route's declarations (admins and service accounts)",
    answers: { 200: openApiDocumentAnswer },
    permission: "apiDocs",
  },
  async () => jsonOk(openApiDocument()),
);
