import "server-only";
import "@/lib/zod-config";
import { z } from "zod";
import { NO_STORE } from "@/lib/http";

/** `?disposition=inline` opens the PDF in the browser (to print); the default downloads it. */
export const receiptQuerySchema = z.object({
  disposition: z.enum(["inline", "attachment"], { error: "receipts.errors.disposition" }).optional(),
});
export type ReceiptDisposition = NonNullable<z.output<typeof receiptQuerySchema>["disposition"]>;

/** "comprovante_E18236120202611161415SBXNOQRCOD1.pdf": the word in the reader's language and the Pix's end-to-end id (letters and digits only). */
export function receiptPdfName(word: string, endToEnd: string): string {
  return `${word}_${endToEnd.replace(/[^0-9A-Za-z]/g, "")}.pdf`;
}

/** The PDF answer: never cached (it carries personal data), downloaded or shown inline. */
export function receiptPdfResponse(pdf: Uint8Array, fileName: string, disposition: ReceiptDisposition = "attachment"): Response {
  return new Response(pdf as BodyInit, {
    headers: {
      ...NO_STORE,
      "content-type": "application/pdf",
      "content-length": String(pdf.byteLength),
      "content-disposition": `${disposition}; filename="${fileName.replace(/["\\]/g, "")}"`,
      "x-content-type-options": "nosniff",
    },
  });
}
