import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { API_CSP, API_DOCS_CSP, API_DOCS_PATH, commonSecurityHeaders } from "./lib/http/security-headers";

/**
 * Security headers of every /api answer. Pages get theirs (and a CSP nonce) from proxy.ts; the
 * API does not need a nonce, and running the proxy function for each API call costs CPU on
 * every request, so /api answers take their fixed headers from here.
 * proxy.ts still sees /api paths holding a "%" (see its matcher): a malformed %-escape there
 * must be a 400 JSON, not Next's plain-text 500.
 */
const apiHeaders = [
  ...Object.entries(commonSecurityHeaders(false)).map(([key, value]) => ({ key, value })),
  { key: "Content-Security-Policy", value: API_CSP },
];

const nextConfig: NextConfig = {
  // PGlite ships WebAssembly and must be loaded by Node, not bundled; the mail packages open sockets and are Node's too.
  // exceljs: its streaming writer calls the deprecated Buffer() (archiver-utils 2, through archiver 5);
  // Node prints DEP0005 for such a call only outside node_modules, i.e. when it is bundled.
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "nodemailer", "smtp-server", "postal-mime", "exceljs"],
  poweredByHeader: false,
  // forbidden(): a page a role may not open answers 403 with its card (lib/auth/guard.ts), not a redirect to a 200.
  experimental: { authInterrupts: true },
  // A second build beside the shared one (e.g. to look at pages while e2e runs): NEXT_DIST_DIR=.next-mine.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Source maps for bench/bundle-composition.ts only (what a page's JavaScript is made of).
  productionBrowserSourceMaps: process.env.BROWSER_SOURCE_MAPS === "1",
  // gzip in the Node server; e2e turns it off (NEXT_COMPRESS=off): on localhost it only costs CPU.
  compress: process.env.NEXT_COMPRESS !== "off",
  reactStrictMode: true,
  typescript: { tsconfigPath: "tsconfig.json" },
  async headers() {
    // No HSTS here: whether a request came over HTTPS depends on TRUSTED_PROXY_HOPS and APP_URL at
    // run time, so /api requests carrying X-Forwarded-Proto go through proxy.ts, which decides.
    // The later rule wins for the same header: the reference page may use its inline stylesheet.
    return [
      { source: "/api/:path*", headers: apiHeaders },
      { source: API_DOCS_PATH, headers: [{ key: "Content-Security-Policy", value: API_DOCS_CSP }] },
    ];
  },
};

// next-intl: the per-request language and messages (lib/i18n/request.ts). The messages are
// compiled at build time (precompile): the browser gets no ICU parser.
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./lib/i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: ["en", "pt-BR"], precompile: true } },
});

export default withNextIntl(nextConfig);
