import { describe, expect, it } from "vitest";
import { MAX_TRANSFER_CENTS } from "@/lib/contract";
import { addBrazilDays, brazilDayKey } from "@/lib/pix/time";
import { emptyRegisterForm, type RegisterFormValues } from "./form-values";
import { translator } from "@/lib/i18n/server";
import { formFieldFor, validateRegisterForm, type RegisterFormErrors } from "./validate";

/** The form holds message keys; read them in English to check what a person sees. */
const en = translator("en");
const words = (key: string) => (en.has(key as never) ? en(key as never) : `(missing key ${key})`);

const ID = "7f1c2e0a-5b7d-4c1e-9a35-3f2b8f0f6d11";
const dict = (over: Partial<RegisterFormValues> = {}): RegisterFormValues => ({
  ...emptyRegisterForm(ID),
  amount: "150,00",
  receiver_name: "Maria Souza",
  receiver_document: "529.982.247-25",
  pix_key_type: "email",
  pix_key: "Maria@Example.com ",
  ...over,
});
const manual = (over: Partial<RegisterFormValues> = {}): RegisterFormValues => ({
  ...dict(),
  initiation_type: "manual",
  receiver_bank_ispb: "60701190",
  receiver_agency: "0001",
  receiver_account: "12345-6",
  receiver_account_type: "SVGS",
  ...over,
});

function errorsOf(values: RegisterFormValues): RegisterFormErrors {
  const check = validateRegisterForm(values);
  if (check.ok) throw new Error("expected the form to be refused");
  return Object.fromEntries(Object.entries(check.errors).map(([field, key]) => [field, words(key)]));
}

function transferOf(values: RegisterFormValues) {
  const check = validateRegisterForm(values);
  if (!check.ok) throw new Error(`expected the form to pass: ${JSON.stringify(check.errors)}`);
  return check.transfer;
}

describe("validateRegisterForm: what will be sent", () => {
  it("by Pix key: cents, normalised key, bare document, nothing of the bank", () => {
    expect(transferOf(dict())).toEqual({
      idempotent_id: ID,
      value_cents: 15_000,
      initiation_type: "dict",
      receiver_name: "Maria Souza",
      receiver_document: "52998224725",
      pix_key_type: "email",
      pix_key: "maria@example.com",
    });
  });

  it.each([
    ["(11) 91234-5678", "+5511912345678"],
    ["11912345678", "+5511912345678"],
    ["011 91234-5678", "+5511912345678"],
    ["+55 21 3123-4567", "+552131234567"],
  ])("normalises the phone key %j to %j", (typed, sent) => {
    expect(transferOf(dict({ pix_key_type: "phone", pix_key: typed })).pix_key).toBe(sent);
  });

  it("normalises CPF, CNPJ (alphanumeric too) and random keys", () => {
    expect(transferOf(dict({ pix_key_type: "cpf", pix_key: "111.444.777-35" })).pix_key).toBe("11144477735");
    expect(transferOf(dict({ pix_key_type: "cnpj", pix_key: "12.ABC.345/01DE-35" })).pix_key).toBe("12ABC34501DE35");
    expect(
      transferOf(dict({ pix_key_type: "token", pix_key: "123E4567-E89B-12D3-A456-426614174000" })).pix_key,
    ).toBe("123e4567-e89b-12d3-a456-426614174000");
  });

  it("by bank account: the bank fields as digits and none of the key", () => {
    const t = transferOf(manual());
    expect(t).toMatchObject({
      initiation_type: "manual",
      receiver_bank_ispb: "60701190",
      receiver_agency: "0001",
      receiver_account: "123456",
      receiver_account_type: "SVGS",
    });
    expect(t.pix_key).toBeUndefined();
    expect(t.pix_key_type).toBeUndefined();
  });

  it("accepts an 8-digit ISPB that is not in the shipped list (free entry)", () => {
    expect(transferOf(manual({ receiver_bank_ispb: "12345678" })).receiver_bank_ispb).toBe("12345678");
  });

  it("accepts the limits: R$ 0,01 and exactly R$ 1.000.000,00", () => {
    expect(transferOf(dict({ amount: "0,01" })).value_cents).toBe(1);
    expect(transferOf(dict({ amount: "1.000.000,00" })).value_cents).toBe(MAX_TRANSFER_CENTS);
  });
});

describe("validateRegisterForm: required fields per mode", () => {
  it("by Pix key asks for the key, never for bank data", () => {
    const errors = errorsOf({ ...emptyRegisterForm(ID) });
    expect(errors).toEqual({
      amount: expect.stringMatching(/^Enter an amount/),
      receiver_name: "Enter the receiver's name",
      receiver_document: "Enter the receiver's CPF or CNPJ",
      pix_key_type: "Choose the key type",
    });
  });

  it("by Pix key with a type chosen asks for the key in that type's words", () => {
    expect(errorsOf(dict({ pix_key_type: "phone", pix_key: "" })).pix_key).toMatch(/^Enter a phone number/);
  });

  it("by bank account asks for every bank field, never for a key", () => {
    const errors = errorsOf({ ...emptyRegisterForm(ID), initiation_type: "manual" });
    expect(errors).toMatchObject({
      receiver_name: "Enter the receiver's name",
      receiver_document: "Enter the receiver's CPF or CNPJ",
      receiver_bank_ispb: "Choose the bank",
      receiver_agency: "Enter the branch",
      receiver_account: "Enter the account number with its check digit",
      receiver_account_type: "Choose the account type",
    });
    expect(errors).not.toHaveProperty("pix_key");
    expect(errors).not.toHaveProperty("pix_key_type");
  });
});

describe("validateRegisterForm: every rule's message reaches its field", () => {
  const cases: Array<[string, RegisterFormValues, keyof RegisterFormErrors, RegExp]> = [
    ["unreadable amount", dict({ amount: "1,2,3" }), "amount", /write it like 1\.234,56/],
    ["zero amount", dict({ amount: "0,00" }), "amount", /more than R\$ 0,00/],
    ["amount above our limit", dict({ amount: "1.000.000,01" }), "amount", /above the R\$ 1\.000\.000,00 limit/],
    ["negative amount", dict({ amount: "-5" }), "amount", /cannot be negative/],
    ["long name", dict({ receiver_name: "a".repeat(101) }), "receiver_name", /at most 100 characters/],
    ["bad CPF digits", dict({ receiver_document: "529.982.247-24" }), "receiver_document", /not a valid CPF or CNPJ/],
    ["bad CNPJ digits", dict({ receiver_document: "11.222.333/0001-82" }), "receiver_document", /not a valid CPF or CNPJ/],
    ["bad email key", dict({ pix_key: "maria@" }), "pix_key", /email address/],
    ["bad phone key", dict({ pix_key_type: "phone", pix_key: "1234" }), "pix_key", /phone number/],
    ["bad CPF key", dict({ pix_key_type: "cpf", pix_key: "111.444.777-36" }), "pix_key", /CPF is not valid/],
    ["short CNPJ key", dict({ pix_key_type: "cnpj", pix_key: "1122233300018" }), "pix_key", /CNPJ has 14 characters/],
    ["bad random key", dict({ pix_key_type: "token", pix_key: "not-a-uuid" }), "pix_key", /random key/],
    ["over-long key", dict({ pix_key: `${"a".repeat(300)}@x.com` }), "pix_key", /too long/],
    ["7-digit ISPB", manual({ receiver_bank_ispb: "1234567" }), "receiver_bank_ispb", /ISPB has 8 digits/],
    ["bank typed but not chosen", manual({ receiver_bank_ispb: "Itau" }), "receiver_bank_ispb", /choose a bank from the list/],
    ["5-digit branch", manual({ receiver_agency: "12345" }), "receiver_agency", /branch has 1 to 4 digits/],
    ["letters in branch", manual({ receiver_agency: "12a" }), "receiver_agency", /branch has 1 to 4 digits/],
    ["letters in account", manual({ receiver_account: "12x45" }), "receiver_account", /account number has up to 20 digits/],
    ["21-digit account", manual({ receiver_account: "1".repeat(21) }), "receiver_account", /account number has up to 20 digits/],
    ["blank partner id", dict({ idempotent_id: " " }), "idempotent_id", /Enter a partner ID/],
    ["partner id with spaces", dict({ idempotent_id: "my id" }), "idempotent_id", /without accents or spaces/],
    ["partner id that could not be read back", dict({ idempotent_id: "a/../b" }), "idempotent_id", /dot-only parts/],
    ["256-character payment id", dict({ idempotent_id: "x".repeat(256) }), "idempotent_id", /at most 255/],
  ];

  it.each(cases)("%s", (_name, values, field, message) => {
    const errors = errorsOf(values);
    expect(errors[field]).toMatch(message);
    // only that field is wrong
    expect(Object.keys(errors)).toEqual([field]);
  });

  it("a 255-character payment id is accepted", () => {
    expect(transferOf(dict({ idempotent_id: "x".repeat(255) })).idempotent_id).toHaveLength(255);
  });

  it("reports an unreadable amount and a bad key together (one pass shows every problem)", () => {
    const errors = errorsOf(dict({ amount: "abc", pix_key: "nope" }));
    expect(errors.amount).toBeTruthy();
    expect(errors.pix_key).toMatch(/email address/);
  });

  it("never shows a field name or zod's generic words to a person", () => {
    const bad: RegisterFormValues[] = [
      manual({ receiver_bank_ispb: "x".repeat(30), receiver_agency: "y".repeat(11), receiver_account: "z".repeat(21) }),
      dict({ pix_key: "k".repeat(400), idempotent_id: "i".repeat(300), receiver_name: "n".repeat(200) }),
      { ...emptyRegisterForm(""), initiation_type: "manual" },
      emptyRegisterForm(""),
    ];
    for (const values of bad) {
      for (const message of Object.values(errorsOf(values))) {
        expect(message).not.toMatch(/\b[a-z]+_[a-z_]+\b|Too big|Too small|Invalid input|missing key/);
      }
    }
  });
});

describe("field names", () => {
  it("maps the body's value_cents to the Amount field and unknown names to the form", () => {
    expect(formFieldFor("value_cents")).toBe("amount");
    expect(formFieldFor("receiver_agency")).toBe("receiver_agency");
    expect(formFieldFor("something_else")).toBe("root");
  });

});

describe("validateRegisterForm: schedule, repeat, description, cost centre, saved receiver", () => {
  const day = (n: number) => brazilDayKey(addBrazilDays(new Date(), n));
  const check = (values: RegisterFormValues) => validateRegisterForm(values);
  const CENTRE = "0b6f3d9e-2a41-4c5e-9f8a-7d1e2c3b4a59";

  it("nothing chosen: nothing beside the transfer (it goes out now)", () => {
    const result = check(dict());
    expect(result.ok && result.payable).toEqual({});
  });

  it("a day, a monthly series of 3, a description and a cost centre travel by their wire names", () => {
    const result = check(dict({ scheduled_for: day(3), repeat: "month", repeat_count: "3", description: "  Aluguel de dezembro ", cost_centre_id: CENTRE, receiver_id: CENTRE }));
    expect(result.ok && result.payable).toEqual({
      scheduled_for: day(3),
      recurrence: { every: "month", count: 3 },
      description: "Aluguel de dezembro",
      cost_centre_id: CENTRE,
      receiver_id: CENTRE,
    });
    const until = check(dict({ scheduled_for: day(3), repeat: "week", repeat_end: "until", repeat_until: day(30), repeat_count: "9" }));
    expect(until.ok && until.payable.recurrence).toEqual({ every: "week", until: day(30) });
  });

  it("a day being typed is never 'now': the field says what is missing", () => {
    expect(errorsOf(dict({ scheduled_for: "", scheduled_for_problem: "incomplete" }))).toEqual({ scheduled_for: "Enter the whole date, like 31/12/2026 (day/month/year)." });
  });

  it("the schedule's rules reach their fields in words", () => {
    expect(errorsOf(dict({ scheduled_for: day(-1) })).scheduled_for).toMatch(/passed/);
    expect(errorsOf(dict({ scheduled_for: day(400) })).scheduled_for).toMatch(/365 days/);
    expect(errorsOf(dict({ repeat: "week", repeat_count: "3" }))).toEqual({ scheduled_for: expect.stringMatching(/first payment/) });
    expect(errorsOf(dict({ scheduled_for: day(1), repeat: "week", repeat_count: "" })).repeat_count).toMatch(/how many times or until when/);
    expect(errorsOf(dict({ scheduled_for: day(1), repeat: "week", repeat_end: "until", repeat_until: "" })).repeat_until).toMatch(/how many times or until when/);
    expect(errorsOf(dict({ scheduled_for: day(1), repeat: "week", repeat_count: "1" })).repeat_count).toMatch(/Between 2 and 60/);
    expect(errorsOf(dict({ scheduled_for: day(1), repeat: "week", repeat_count: "2,5" })).repeat_count).toMatch(/Between 2 and 60/);
    expect(errorsOf(dict({ scheduled_for: day(10), repeat: "month", repeat_end: "until", repeat_until: day(5) })).repeat_until).toMatch(/ends before/);
    expect(errorsOf(dict({ description: "d".repeat(141) })).description).toMatch(/140 characters/);
  });

  it("the server's field names land on the form's fields", () => {
    expect(formFieldFor("recurrence.count")).toBe("repeat_count");
    expect(formFieldFor("recurrence.until")).toBe("repeat_until");
    expect(formFieldFor("cost_centre_id")).toBe("cost_centre_id");
    expect(formFieldFor("receiver_id")).toBe("receiver_name");
  });
});
