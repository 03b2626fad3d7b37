import { NO_STORE, route } from "@/lib/http";
import { batchTemplateCsv } from "@/lib/batches/template";
import { fileAnswer } from "@/lib/http/answers";

export const GET = route(
  {
    name: "GET /api/batches/template.csv",
    summary: "The batch file template (Brazilian Excel CSV, headers in the caller's language)",
    answers: { 200: fileAnswer("text/csv", "The batch file template") },
    permission: "register",
  },
  async ({ locale, t }) => {
  const fileName = t("batches.template.fileName");
  return new Response(batchTemplateCsv(locale), {
    headers: {
      ...NO_STORE,
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${fileName}"`,
      "x-content-type-options": "nosniff",
    },
  });
});
