import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env";

const PROVIDER = {
  PAYMENTS_API_URL: "https://provider.example",
  PAYMENTS_API_CLIENT_ID: "id",
  PAYMENTS_API_CLIENT_SECRET: "secret",
  PAYMENTS_WEBHOOK_AUTHORIZATION: "Bearer x",
  AUTH_SECRET: "a".repeat(32),
};

describe("the company on comprovantes (COMPANY_NAME, COMPANY_DOCUMENT)", () => {
  it("is a demo company in sandbox mode", () => {
    const { company } = parseEnv({});
    expect(company?.name).toMatch(/Demonstração/);
    expect(company?.document).toMatch(/^\d{14}$/);
  });

  it("is what the settings say, the document bare", () => {
    expect(parseEnv({ ...PROVIDER, COMPANY_NAME: " Padaria Estrela Ltda ", COMPANY_DOCUMENT: "45.723.174/0001-10" }).company).toEqual({
      name: "Padaria Estrela Ltda",
      document: "45723174000110",
    });
  });

  it("is null outside sandbox mode until set: the server starts, comprovantes are refused", () => {
    expect(parseEnv(PROVIDER).company).toBeNull();
  });

  it("refuses one without the other, a document with wrong check digits and a name too long", () => {
    expect(() => parseEnv({ ...PROVIDER, COMPANY_NAME: "Padaria" })).toThrow(ConfigError);
    expect(() => parseEnv({ ...PROVIDER, COMPANY_NAME: "Padaria", COMPANY_DOCUMENT: "45723174000111" })).toThrow(/COMPANY_DOCUMENT/);
    expect(() => parseEnv({ ...PROVIDER, COMPANY_NAME: "x".repeat(101), COMPANY_DOCUMENT: "45723174000110" })).toThrow(/COMPANY_NAME/);
  });
});

describe("when payables go out (SCHEDULE_SEND_TIME)", () => {
  it("is 08:00 Brazil time unless set, as the documentation says (kills: a changed default)", () => {
    expect(parseEnv({}).transfers.scheduleSendTime).toBe("08:00");
    expect(parseEnv({ SCHEDULE_SEND_TIME: "06:30" }).transfers.scheduleSendTime).toBe("06:30");
  });
});
