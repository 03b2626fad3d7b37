import { describe, expect, it } from "vitest";
import {
  PIX_PARTICIPANTS,
  bankLabel,
  formatAccount,
  formatAgency,
  findParticipant,
  isValidAccount,
  isValidBranch,
  isValidIspb,
  participantLabel,
  searchParticipants,
} from "./bank";

describe("bank data formats", () => {
  it("ISPB is exactly 8 digits", () => {
    expect(isValidIspb("00000000")).toBe(true);
    expect(isValidIspb("18236120")).toBe(true);
    expect(isValidIspb("1823612")).toBe(false);
    expect(isValidIspb("182361200")).toBe(false);
    expect(isValidIspb("1823612A")).toBe(false);
    expect(isValidIspb("")).toBe(false);
  });

  it("branch is 1 to 4 digits", () => {
    expect(isValidBranch("1")).toBe(true);
    expect(isValidBranch("0001")).toBe(true);
    expect(isValidBranch("12345")).toBe(false);
    expect(isValidBranch("12-3")).toBe(false);
    expect(isValidBranch("")).toBe(false);
  });

  it("account is 1 to 20 digits", () => {
    expect(isValidAccount("1")).toBe(true);
    expect(isValidAccount("9".repeat(20))).toBe(true);
    expect(isValidAccount("9".repeat(21))).toBe(false);
    expect(isValidAccount("12345-6")).toBe(false);
    expect(isValidAccount("")).toBe(false);
  });
});

describe("PIX_PARTICIPANTS", () => {
  it("has about 40 entries with unique, well-formed ISPBs and codes", () => {
    expect(PIX_PARTICIPANTS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(PIX_PARTICIPANTS.map((p) => p.ispb)).size).toBe(PIX_PARTICIPANTS.length);
    const codes = PIX_PARTICIPANTS.flatMap((p) => (p.code ? [p.code] : []));
    expect(new Set(codes).size).toBe(codes.length);
    for (const p of PIX_PARTICIPANTS) {
      expect(isValidIspb(p.ispb), p.name).toBe(true);
      if (p.code) expect(p.code, p.name).toMatch(/^\d{3}$/);
      expect(p.name.trim()).toBe(p.name);
    }
  });

  it("is sorted by ISPB", () => {
    const ispbs = PIX_PARTICIPANTS.map((p) => p.ispb);
    expect(ispbs).toEqual([...ispbs].sort());
  });

  it.each([
    ["00000000", "Banco do Brasil"],
    ["00360305", "Caixa"],
    ["60701190", "Itaú"],
    ["60746948", "Bradesco"],
    ["90400888", "Santander"],
    ["18236120", "Nu Pagamentos"],
    ["00416968", "Inter"],
    ["31872495", "C6"],
    ["10573521", "Mercado Pago"],
    ["22896431", "PicPay"],
  ])("finds %s (%s)", (ispb, name) => {
    expect(findParticipant(ispb)?.name).toContain(name);
  });

  it("returns undefined for an unknown ISPB", () => {
    expect(findParticipant("99999999")).toBeUndefined();
    expect(participantLabel("99999999")).toBe("99999999");
    expect(participantLabel("18236120")).toBe("Nu Pagamentos (Nubank) (18236120)");
  });
});

describe("searchParticipants", () => {
  it("ignores accents and case", () => {
    expect(searchParticipants("itau").map((p) => p.ispb)).toEqual(["60701190"]);
    expect(searchParticipants("ITAÚ").map((p) => p.ispb)).toEqual(["60701190"]);
    expect(searchParticipants("economica")[0]?.ispb).toBe("00360305");
  });

  it("matches an ISPB prefix", () => {
    const found = searchParticipants("6070").map((p) => p.ispb);
    expect(found).toContain("60701190");
    expect(found).not.toContain("60746948");
    expect(searchParticipants("607").map((p) => p.ispb)).toEqual(["60701190", "60746948"]);
  });

  it("puts an exact COMPE code or ISPB first", () => {
    expect(searchParticipants("341")[0]?.ispb).toBe("60701190");
    expect(searchParticipants("1")[0]?.ispb).toBe("00000000"); // code 001
    expect(searchParticipants("18236120")).toHaveLength(1);
  });

  it("ranks word-start matches before matches inside words", () => {
    const names = searchParticipants("ban").map((p) => p.name);
    const firstInside = names.findIndex((n) => !/(^|[ (])ban/i.test(n));
    const lastWordStart = names.findLastIndex((n) => /(^|[ (])ban/i.test(n));
    expect(firstInside === -1 || firstInside > lastWordStart).toBe(true);
    expect(names).not.toContain("Bradesco");
    const co = searchParticipants("co").map((p) => p.name);
    expect(co.slice(0, 2)).toEqual(["Cora", "Banco Cooperativo Sicredi"]);
    expect(co).toContain("Banco do Brasil"); // "co" inside "Banco", ranked later
    expect(co.indexOf("Banco do Brasil")).toBeGreaterThan(co.indexOf("Banco Cooperativo Sicredi"));
  });

  it("returns everything for an empty query and nothing for nonsense", () => {
    expect(searchParticipants("  ")).toHaveLength(PIX_PARTICIPANTS.length);
    expect(searchParticipants("zzzz")).toEqual([]);
  });
});

describe("bank data as Brazilians write it", () => {
  it.each([
    ["1", "0001"],
    ["0001", "0001"],
    ["000001", "0001"],
    ["1234", "1234"],
    ["12345", "12345"],
    ["", null],
    ["abc", "abc"],
  ])("agency %j -> %j", (raw, shown) => {
    expect(formatAgency(raw)).toBe(shown);
  });

  it.each([
    ["100044", "10004-4"],
    ["123456", "12345-6"],
    ["10004-4", "10004-4"],
    ["7", "7"],
    [null, null],
  ])("account %j -> %j", (raw, shown) => {
    expect(formatAccount(raw)).toBe(shown);
  });

  it("names the bank of a known ISPB, keeps the provider's own name, and shows an unknown ISPB as it is", () => {
    expect(bankLabel("60701190")).toBe("Itaú Unibanco (60701190)");
    expect(bankLabel("60701190", "ITAU UNIBANCO S.A.")).toBe("ITAU UNIBANCO S.A.");
    expect(bankLabel("99999999")).toBe("99999999");
  });
});
