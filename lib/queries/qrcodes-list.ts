import { queryOptions } from "@tanstack/react-query";
// Types only: answers are read by their members in the browser (lib/domain/answer.ts).
import type { ListQrcodesParams } from "@/lib/contract/qrcode-list";
import type { z } from "zod";
import { answerWith } from "@/lib/domain/answer";
import type { listQrcodesAnswerSchema } from "@/lib/contract/qrcode-list";
import { apiGet } from "@/lib/domain/api-client";
import { cleanListParams } from "./payments";

const readList = answerWith<z.output<typeof listQrcodesAnswerSchema>>({ qrcodes: "array", meta: "object" });

function qrcodeListQueryString(params: ListQrcodesParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(cleanListParams(params as Record<string, unknown>))) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
}

/**
 * Query keys and options of the QR codes (charges) list, under the same root as the QR code
 * detail (`["qrcodes", ...]`), so invalidating `["qrcodes"]` on a QR code notification refreshes
 * both. Server prefetch and the client hook use these very keys.
 */
export const qrcodeListQueries = {
  lists: () => ["qrcodes", "list"] as const,
  list: (params: ListQrcodesParams) =>
    queryOptions({
      queryKey: [...qrcodeListQueries.lists(), cleanListParams(params as Record<string, unknown>)] as const,
      queryFn: ({ signal }) => apiGet(`/api/qrcodes${qrcodeListQueryString(params)}`, readList, { signal }),
    }),
};
