import "server-only";
import { qrcodeAnswerSchema, type Qrcode } from "@/lib/contract";
import { callProvider, expectAnswer } from "./client";
import { qrcodePath } from "./path";

/** GET /v1/pix/qrcodes/end_to_end/{end_to_end}/; the provider's 406 becomes `not_found`. */
export async function getQrcode(endToEnd: string): Promise<Qrcode> {
  const answer = await callProvider({ operation: "getQrcode", method: "GET", path: qrcodePath(endToEnd) });
  return expectAnswer(answer, qrcodeAnswerSchema, "getQrcode").qrcode;
}
