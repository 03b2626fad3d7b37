import type { AccountType, PixKeyType } from "./documented";
import { generateCnpj, generateCpf, PIX_PARTICIPANTS } from "@/lib/pix";
import {
  AREA_CODES,
  COMPANY_KINDS,
  COMPANY_NAMES,
  COMPANY_SUFFIXES,
  EMAIL_DOMAINS,
  FEMALE_NAMES,
  MALE_NAMES,
  SURNAMES,
  emailLocalPart,
} from "./seed-words";
import { digits, pick, randInt, uuid, weighted, type Rand } from "./random";

/** A beneficiary with its key and bank account, as the seed and the DICT look-up produce them. */
export interface Receiver {
  name: string;
  document: string;
  pixKeyType: PixKeyType;
  /** null when the receiver is paid by bank-account data (manual). */
  pixKey: string | null;
  bankIspb: string;
  bankName: string;
  agency: string;
  account: string;
  accountType: AccountType;
}

function personName(rand: Rand): string {
  const names = rand() < 0.5 ? FEMALE_NAMES : MALE_NAMES;
  const first = pick(rand, names);
  const middle = rand() < 0.35 ? ` ${pick(rand, names)}` : "";
  const link = rand() < 0.25 ? ` ${pick(rand, ["da", "de", "dos", "das"])}` : "";
  const surnames = rand() < 0.6 ? `${pick(rand, SURNAMES)} ${pick(rand, SURNAMES)}` : pick(rand, SURNAMES);
  return `${first}${middle}${link} ${surnames}`;
}

function companyName(rand: Rand): string {
  const kind = pick(rand, COMPANY_KINDS);
  const name = rand() < 0.7 ? pick(rand, COMPANY_NAMES) : pick(rand, SURNAMES);
  return `${kind} ${name} ${pick(rand, COMPANY_SUFFIXES)}`;
}

function phoneKey(rand: Rand): string {
  return `+55${pick(rand, AREA_CODES)}9${digits(rand, 8)}`;
}

function emailKey(rand: Rand, name: string, company: boolean): string {
  if (company) {
    const slug = emailLocalPart(name).replace(/\./g, "");
    return `${pick(rand, ["financeiro", "contato", "pix", "vendas"])}@${slug.slice(0, 20)}.com.br`;
  }
  const suffix = rand() < 0.5 ? String(randInt(rand, 1, 99)) : "";
  return `${emailLocalPart(name)}${suffix}@${pick(rand, EMAIL_DOMAINS)}`;
}

/** Big banks carry most of the volume: the first participants of the list weigh more. */
function pickBank(rand: Rand): { ispb: string; name: string } {
  const list = PIX_PARTICIPANTS;
  const head = Math.min(list.length, 12);
  const index = rand() < 0.8 ? Math.floor(rand() * rand() * head) : Math.floor(rand() * list.length);
  const bank = list[Math.min(index, list.length - 1)];
  if (!bank) throw new Error("PIX_PARTICIPANTS is empty");
  return { ispb: bank.ispb, name: bank.name.slice(0, 50) };
}

export function bankNameOf(ispb: string): string | null {
  const found = PIX_PARTICIPANTS.find((p) => p.ispb === ispb);
  return found ? found.name.slice(0, 50) : null;
}

const ACCOUNT_TYPE_WEIGHTS = {
  checking_account: 68,
  savings_account: 20,
  salary_account: 3,
  transaction_account: 9,
} as const;

function accountData(rand: Rand): { agency: string; account: string; accountType: AccountType } {
  const accountType = weighted(rand, ACCOUNT_TYPE_WEIGHTS);
  return {
    agency: rand() < 0.15 ? String(randInt(rand, 1, 999)) : digits(rand, 4).replace(/^0/, "1"),
    account: `${String(randInt(rand, 1000, 99_999_999))}${digits(rand, 1)}`,
    accountType,
  };
}

/**
 * A receiver paid through a key of the given type (or "manual": bank data only).
 * cpf/cnpj keys are the receiver's own document; a few companies get 2026 alphanumeric CNPJs.
 */
export function generateReceiver(rand: Rand, keyType: PixKeyType | "manual"): Receiver {
  const company = keyType === "cnpj" || (keyType !== "cpf" && rand() < 0.3);
  const name = company ? companyName(rand) : personName(rand);
  const document = company ? generateCnpj(rand, rand() < 0.02) : generateCpf(rand);
  const bank = pickBank(rand);
  const account = accountData(rand);
  const base = { name, document, bankIspb: bank.ispb, bankName: bank.name, ...account };
  switch (keyType) {
    case "manual":
      return { ...base, pixKeyType: document.length === 11 ? "cpf" : "cnpj", pixKey: null };
    case "cpf":
    case "cnpj":
      return { ...base, pixKeyType: keyType, pixKey: document };
    case "phone":
      return { ...base, pixKeyType: "phone", pixKey: phoneKey(rand) };
    case "email":
      return { ...base, pixKeyType: "email", pixKey: emailKey(rand, name, company) };
    case "token":
      return { ...base, pixKeyType: "token", pixKey: uuid(rand) };
  }
}

/** Share of key types among seeded payments (plus a few manual, bank-data payments). */
export const KEY_TYPE_WEIGHTS = {
  cpf: 28,
  phone: 22,
  email: 18,
  token: 19,
  cnpj: 10,
  manual: 3,
} as const;
