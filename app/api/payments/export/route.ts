import { requireApiUser } from "@/lib/auth/guard";
import { listPaymentsParamsSchema } from "@/lib/contract";
import { recordAudit } from "@/lib/db/audit";
import { createPaymentsCsvStream } from "@/lib/export/payments-csv-stream";
import { NO_STORE, clientIp, queryObject, setRequestUser, validationError, withRoute } from "@/lib/http";
import { listPayments } from "@/lib/payments-api";

// Streams to the end of the query, however long that takes: never cached, never prerendered.
export const dynamic = "force-dynamic";

export const GET = withRoute("GET /api/payments/export", async (request) => {
  // GET /api/payments/export: every page of the list query as one CSV, streamed page by page
  const gate = await requireApiUser(request, "export");
  if ("response" in gate) return gate.response;
  setRequestUser(gate.user.id);
  const query = queryObject(request.url);
  if ("response" in query) return query.response;
  const parsed = listPaymentsParamsSchema.safeParse(query.query);
  if (!parsed.success) return validationError(parsed.error, 400);
  // The export is the whole query: a `page` in the link is the table's, not the file's.
  const filters = { ...parsed.data };
  delete filters.page;

  // Page 1 before the first byte: a provider failure here is still a proper JSON error.
  const first = await listPayments({ ...filters, page: 1 });
  const { total_pages, total_items_amount, total_value_cents } = first.meta;
  const stream = createPaymentsCsvStream({
    first,
    fetchPage: (page) => listPayments({ ...filters, page }),
    onFinish: (summary) =>
      recordAudit({
        actor: gate.user,
        action: "payment.export",
        outcome: summary.completed ? "exported" : summary.error ? "failed" : "canceled",
        ip: clientIp(request),
        detail: {
          filters,
          rows: summary.rows,
          pages: summary.pages,
          expected_rows: total_items_amount,
          expected_pages: total_pages,
          ...(summary.error ? { error: summary.error instanceof Error ? summary.error.message : String(summary.error) } : {}),
        },
      }),
  });

  return new Response(stream, {
    headers: {
      ...NO_STORE,
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${exportFileName(new Date())}"`,
      "x-content-type-options": "nosniff",
      // For the progress bar: what the whole file will hold, as the provider counted it.
      "x-total-pages": String(total_pages),
      "x-total-items": String(total_items_amount),
      "x-total-value-cents": String(total_value_cents),
    },
  });
});

/** payments-2026-03-01T0915Z.csv (UTC, so two exports a minute apart never share a name). */
function exportFileName(now: Date): string {
  const stamp = now.toISOString().slice(0, 16).replace(/:/g, "");
  return `payments-${stamp}Z.csv`;
}
