import "server-only";
import { qrcodeAnswerSchema, type Qrcode } from "@/lib/contract";
import { callProvider, expectAnswer } from "./client";
import { PaymentsApiError } from "./errors";
import { referencePath } from "./payment-by-reference";

/** GET /v1/pix/qrcodes/{reference_code}; the provider's 406 becomes `not_found`. */
export async function getQrcodeByReference(reference: string): Promise<Qrcode> {
  const path = referencePath("/v1/pix/qrcodes", reference, "getQrcodeByReference");
  const answer = await callProvider({ operation: "getQrcodeByReference", method: "GET", path });
  const { qrcode } = expectAnswer(answer, qrcodeAnswerSchema, "getQrcodeByReference");
  if (qrcode.reference_code !== reference) {
    throw new PaymentsApiError("The payments provider sent a malformed answer: it returned a different QR code", {
      kind: "malformed",
      status: answer.status,
      operation: "getQrcodeByReference",
    });
  }
  return qrcode;
}
