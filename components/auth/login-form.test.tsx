// @vitest-environment jsdom
import { createTranslator, NextIntlClientProvider } from "next-intl";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Locale } from "@/lib/i18n/config";
import { messagesFor } from "@/lib/i18n/messages";
import { LoginForm } from "./login-form";
import { codeErrorMessage, signInErrorMessage, type AuthT } from "@/lib/auth/sign-in-words";

function html(locale: Locale): string {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={messagesFor(locale)} timeZone="America/Sao_Paulo">
      <LoginForm next="/payments" />
    </NextIntlClientProvider>,
  );
}

/** The auth namespace's words, as the form's `t` gives them (ICU plurals included). */
function authT(locale: Locale): AuthT {
  const t = createTranslator({ locale, messages: messagesFor(locale), namespace: "auth" });
  return t as unknown as AuthT;
}

describe("LoginForm", () => {
  it("in Portuguese by default: labelled E-mail and Senha fields with autocomplete and an Entrar button", () => {
    const page = html("pt-BR");
    expect(page).toMatch(/<label[^>]*for="email"[^>]*>E-mail<\/label>/);
    expect(page).toMatch(/<label[^>]*for="password"[^>]*>Senha<\/label>/);
    expect(page).toMatch(/<input[^>]*autoComplete="username"/i);
    expect(page).toMatch(/type="password"[^>]*autoComplete="current-password"/i);
    expect(page).toMatch(/<button[^>]*type="submit"[^>]*>.*Entrar<\/button>/);
    expect(page).toContain('role="alert"');
  });

  it("in English by choice", () => {
    const page = html("en");
    expect(page).toMatch(/<label[^>]*for="email"[^>]*>Email<\/label>/);
    expect(page).toMatch(/<button[^>]*type="submit"[^>]*>.*Sign in<\/button>/);
  });
});

describe("signInErrorMessage", () => {
  const en = authT("en");
  const pt = authT("pt-BR");

  it("says the same thing for every wrong email or password, in the page's language", () => {
    expect(signInErrorMessage({ status: 401, message: "Invalid email or password" }, en)).toBe("Email or password is incorrect");
    expect(signInErrorMessage({ status: 401 }, pt)).toBe("E-mail ou senha incorretos");
  });

  it("says how long to wait when throttled, and explains refusals, server and network failures", () => {
    expect(signInErrorMessage({ status: 429, code: "TOO_MANY_ATTEMPTS", retryAfter: 30 }, en)).toBe(
      "Too many failed sign-in attempts. Try again in 30 seconds.",
    );
    expect(signInErrorMessage({ status: 429, retryAfter: 600 }, pt)).toBe("Muitas tentativas de entrada sem sucesso. Tente de novo em 10 minutos.");
    expect(signInErrorMessage({ status: 429 }, en)).toMatch(/Wait a moment/);
    expect(signInErrorMessage({ status: 403, code: "ACCOUNT_DEACTIVATED" }, en)).toMatch(/deactivated/);
    expect(signInErrorMessage({ status: 403 }, en)).toMatch(/refused/);
    expect(signInErrorMessage({ status: 503, code: "AUDIT_UNAVAILABLE", message: "The audit log could not be written" }, en)).toBe(
      "The audit log could not be written",
    );
    expect(signInErrorMessage({ status: 500 }, en)).toMatch(/could not sign you in/);
    expect(signInErrorMessage({ status: 0 }, pt)).toMatch(/Não foi possível falar com o servidor/);
  });

  it("the code step: a wrong code stays on the step; an expired or used-up challenge starts over", () => {
    expect(codeErrorMessage({ status: 401, code: "INVALID_CODE" }, en)).toEqual({ message: "That code is not right. Check the app and try again.", restart: false });
    expect(codeErrorMessage({ status: 401, code: "INVALID_TWO_FACTOR_COOKIE" }, en).restart).toBe(true);
    expect(codeErrorMessage({ status: 400, code: "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE" }, pt).restart).toBe(true);
    expect(codeErrorMessage({ status: 429, code: "ACCOUNT_TEMPORARILY_LOCKED" }, en).message).toMatch(/15 minutes/);
  });
});
