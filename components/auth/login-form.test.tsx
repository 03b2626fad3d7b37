import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LoginForm } from "./login-form";
import { signInErrorMessage } from "./sign-in-error";

describe("LoginForm", () => {
  it("has labelled Email and Password fields with autocomplete and a Sign in button", () => {
    const html = renderToStaticMarkup(<LoginForm next="/payments" />);
    expect(html).toMatch(/<label[^>]*for="email"[^>]*>Email<\/label>/);
    expect(html).toMatch(/<label[^>]*for="password"[^>]*>Password<\/label>/);
    expect(html).toMatch(/<input[^>]*id="email"[^>]*autoComplete="username"|<input[^>]*autoComplete="username"[^>]*id="email"/i);
    expect(html).toMatch(/type="password"[^>]*autoComplete="current-password"/i);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>.*Sign in<\/button>/);
    expect(html).toContain('role="alert"');
  });
});

describe("signInErrorMessage", () => {
  it("says the same thing for every wrong email or password", () => {
    expect(signInErrorMessage({ status: 401, message: "Invalid email or password" })).toBe("Email or password is incorrect");
    expect(signInErrorMessage({ status: 401 })).toBe("Email or password is incorrect");
  });

  it("explains throttling, refusals, server and network failures", () => {
    expect(signInErrorMessage({ status: 429, message: "Too many failed sign-in attempts. Wait a minute and try again." })).toBe(
      "Too many failed sign-in attempts. Wait a minute and try again.",
    );
    expect(signInErrorMessage({ status: 429, message: "" })).toMatch(/Wait a minute/);
    expect(signInErrorMessage({ status: 403 })).toMatch(/refused/);
    expect(signInErrorMessage({ status: 503 })).toMatch(/could not sign you in/);
    expect(signInErrorMessage({ status: 0 })).toMatch(/Could not reach the server/);
  });
});
