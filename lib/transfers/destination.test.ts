import { describe, expect, it } from "vitest";
import { destinationKey, destinationLabel } from "./destination";

describe("where a transfer's money goes, one way of writing it", () => {
  it("a bank account: agency and account without leading zeros, whatever the document", () => {
    const a = destinationKey({ receiver_document: "1", initiation_type: "manual", receiver_bank_ispb: "60746948", receiver_agency: "0001", receiver_account: "0012345" });
    const b = destinationKey({ receiver_document: "2", initiation_type: "manual", receiver_bank_ispb: "60746948", receiver_agency: "1", receiver_account: "12345" });
    expect(a).toBe("account:60746948:1:12345");
    expect(b).toBe(a);
    expect(destinationKey({ receiver_document: "2", initiation_type: "manual", receiver_bank_ispb: "00000000", receiver_agency: "1", receiver_account: "12345" })).not.toBe(a);
  });
  it("a Pix key as the provider receives it (already normalised by the transfer's schema)", () => {
    expect(destinationKey({ receiver_document: "1", initiation_type: "dict", pix_key_type: "email", pix_key: "ana@x.com" })).toBe("pix:email:ana@x.com");
    expect(destinationKey({ receiver_document: "1", pix_key_type: "phone", pix_key: "+5511987654321" })).toBe("pix:phone:+5511987654321");
    expect(destinationKey({ receiver_document: "1" })).toBeNull();
  });
  it("reads back as people write it", () => {
    expect(destinationLabel("pix:email:ana@x.com")).toBe("ana@x.com");
    expect(destinationLabel("account:60746948:1:12345")).toBe("ISPB 60746948 · 1 · 12345");
  });
});
