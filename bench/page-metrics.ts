/**
 * Browser figures on the production build, in Debian's Chromium with the e2e launch flags:
 *   - JavaScript shipped per page: the transferred (gzip) size of every script a cold page load
 *     fetches, from Chromium's own accounting (Playwright `request.sizes().responseBodySize`,
 *     the CDP encodedDataLength of the body), each page in a fresh context (empty cache).
 *   - time to first table paint on /payments: navigation start to the first frame drawn after
 *     the first table row exists (cold cache and warm cache, several runs each).
 *   - filter change to new rows: from the key/option that commits a filter to the frame where
 *     every row shown matches the new filter and the table is no longer busy.
 */
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import playwrightConfig from "../playwright.config";
import { summarize } from "./proc";

export type PageSpec = { name: string; path: string; ready: string; signedIn: boolean };

export const MEASURED_PAGES: PageSpec[] = [
  { name: "login", path: "/login", ready: "form", signedIn: false },
  { name: "overview", path: "/", ready: "[data-testid='status-card']", signedIn: true },
  { name: "payments", path: "/payments", ready: "tbody tr[data-row]", signedIn: true },
  { name: "payment detail", path: "/payments/sandbox-known-completed-qr", ready: "main article", signedIn: true },
  { name: "QR code", path: "/qrcodes/E18236120202611161230SBXQRPAID01", ready: "main h1", signedIn: true },
  { name: "register", path: "/payments/new", ready: "form", signedIn: true },
  { name: "events", path: "/events", ready: "main h1", signedIn: true },
  { name: "audit", path: "/audit", ready: "main h1", signedIn: true },
];

export type PageJs = { name: string; path: string; scripts: number; transferredBytes: number; decodedBytes: number; encodings: string[] };
export type Latency = { n: number; p50: number; p95: number; max: number; min: number };
export type PageMetricsResult = {
  browser: string;
  js: PageJs[];
  firstTablePaint: { cold: Latency; warm: Latency; fcpCold: Latency };
  filterChange: Latency & { samples: Array<{ filter: string; ms: number }> };
};

export type PageMetricsOptions = { appUrl: string; email: string; password: string; runs?: number };

export const launchOptions = () => ({ ...(playwrightConfig.use?.launchOptions ?? {}), executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
export const contextOptions = { viewport: { width: 1280, height: 860 }, locale: "pt-BR", timezoneId: "America/Sao_Paulo" };

export async function signedInState(browser: Browser, appUrl: string, email: string, password: string) {
  const context = await browser.newContext({ ...contextOptions, baseURL: appUrl });
  const res = await context.request.post("/api/auth/sign-in/email", { data: { email, password }, headers: { origin: appUrl } });
  if (!res.ok()) throw new Error(`sign-in as ${email}: HTTP ${res.status()}`);
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * Records, from the document's very start, when the first table row exists and is drawn.
 * A string, not a function: tsx (esbuild) wraps functions in a `__name` helper that does not
 * exist in the page, so a function probe threw there and never reported.
 */
const FIRST_ROW_PROBE = `(() => {
  const w = window;
  const check = () => {
    if (w.__firstRowPaint !== undefined || !document.querySelector("tbody tr[data-row]")) return false;
    requestAnimationFrame(() => { if (w.__firstRowPaint === undefined) w.__firstRowPaint = performance.now(); });
    return true;
  };
  const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
  observer.observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === "first-contentful-paint") w.__fcp = entry.startTime;
  }).observe({ type: "paint", buffered: true });
})();`;

async function measureJs(browser: Browser, appUrl: string, spec: PageSpec, state: Awaited<ReturnType<typeof signedInState>>): Promise<PageJs> {
  const context = await browser.newContext({ ...contextOptions, baseURL: appUrl, storageState: spec.signedIn ? state : undefined });
  const page = await context.newPage();
  const scripts: Array<Promise<{ transferred: number; decoded: number; encoding: string }>> = [];
  page.on("requestfinished", (request) => {
    if (request.resourceType() !== "script") return;
    scripts.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        const headers = (await response?.allHeaders()) ?? {};
        const decoded = Number(headers["content-length"] ?? 0) || (await response?.body().catch(() => Buffer.alloc(0)))?.length || 0;
        return { transferred: sizes.responseBodySize, decoded, encoding: headers["content-encoding"] ?? "identity" };
      })(),
    );
  });
  await page.goto(spec.path, { waitUntil: "load" });
  await page.locator(spec.ready).first().waitFor({ timeout: 30_000 });
  await settleScripts(page, () => scripts.length);
  const done = await Promise.all(scripts);
  await context.close();
  return {
    name: spec.name,
    path: spec.path,
    scripts: done.length,
    transferredBytes: done.reduce((s, x) => s + x.transferred, 0),
    decodedBytes: done.reduce((s, x) => s + x.decoded, 0),
    encodings: [...new Set(done.map((x) => x.encoding))],
  };
}

/** Waits until no new script was requested for 750 ms (lazy chunks after hydration count too). */
async function settleScripts(page: Page, count: () => number): Promise<void> {
  let last = -1;
  while (count() !== last) {
    last = count();
    await page.waitForTimeout(750);
  }
}

async function firstRowPaint(context: BrowserContext): Promise<{ paint: number; fcp: number }> {
  const page = await context.newPage();
  await page.addInitScript(FIRST_ROW_PROBE);
  await page.goto("/payments", { waitUntil: "commit" });
  const paint = await page.waitForFunction(() => (window as unknown as { __firstRowPaint?: number }).__firstRowPaint, undefined, { timeout: 30_000 });
  // The paint entry is delivered after the frame that also draws the first row (the rows come
  // with the HTML), so it may not be there yet when that frame's rAF reports.
  const fcp = await page
    .waitForFunction(() => (window as unknown as { __fcp?: number }).__fcp, undefined, { timeout: 5_000 })
    .then(async (handle) => (await handle.jsonValue()) as number)
    .catch(() => Number.NaN);
  const value = (await paint.jsonValue()) as number;
  await page.close();
  return { paint: value, fcp };
}

const NAMES = ["silva", "santos", "oliveira", "souza", "lima", "pereira", "costa", "ferreira", "rodrigues", "almeida",
  "nascimento", "gomes", "martins", "ribeiro", "carvalho", "barbosa", "rocha", "dias", "moreira", "ltda"];
const STATUSES = ["completed", "canceled", "authorization_pending", "sent", "completed"];

/** Time from committing a filter to the frame where every row shown matches it. */
async function filterChanges(context: BrowserContext): Promise<Array<{ filter: string; ms: number }>> {
  const page = await context.newPage();
  await page.goto("/payments");
  await page.locator("tbody tr[data-row]").first().waitFor();
  const samples: Array<{ filter: string; ms: number }> = [];
  const name = page.locator("input[data-filter-key='receiver_name']");
  const matches = (term: string, status: string | null) =>
    page.waitForFunction(
      ([t, s]) => {
        if (document.querySelector("[aria-busy='true']")) return false;
        const rows = [...document.querySelectorAll("tbody tr[data-row]")];
        if (rows.length === 0) return false;
        const ok = rows.every((row) => {
          const cell = row.querySelector("td[data-column='receiver_name']")?.textContent?.toLowerCase() ?? "";
          const rowStatus = row.querySelector("td[data-column='status'] [data-status]")?.getAttribute("data-status");
          return cell.includes(t!) && (s === null || rowStatus === s);
        });
        return ok ? performance.now() : false;
      },
      [term, status] as const,
      { polling: "raf", timeout: 20_000 },
    );
  for (const term of NAMES) {
    await name.fill(term);
    const t0 = await page.evaluate(() => performance.now());
    await name.press("Enter");
    const t1 = (await (await matches(term, null)).jsonValue()) as number;
    samples.push({ filter: `receiver_name=${term}`, ms: t1 - t0 });
  }
  const status = page.locator("select[data-filter-key='status']");
  await name.fill("silva");
  await name.press("Enter");
  await matches("silva", null);
  let previous = "";
  for (const value of STATUSES) {
    if (value === previous) await status.selectOption("");
    previous = value;
    const t0 = await page.evaluate(() => performance.now());
    await status.selectOption(value);
    const t1 = (await (await matches("silva", value)).jsonValue()) as number;
    samples.push({ filter: `receiver_name=silva&status=${value}`, ms: t1 - t0 });
  }
  await page.close();
  return samples.map((s) => ({ ...s, ms: Math.round(s.ms * 10) / 10 }));
}

/** The JavaScript shipped per page alone (the first table of `runPageMetrics`). */
export async function measurePagesJs(options: PageMetricsOptions): Promise<PageJs[]> {
  const browser = await chromium.launch(launchOptions());
  try {
    return (await pagesJs(browser, options)).js;
  } finally {
    await browser.close();
  }
}

async function pagesJs(browser: Browser, options: PageMetricsOptions) {
  const state = await signedInState(browser, options.appUrl, options.email, options.password);
  const js: PageJs[] = [];
  for (const spec of MEASURED_PAGES) js.push(await measureJs(browser, options.appUrl, spec, state));
  return { state, js };
}

export async function runPageMetrics(options: PageMetricsOptions): Promise<PageMetricsResult> {
  const runs = options.runs ?? 7;
  const browser = await chromium.launch(launchOptions());
  try {
    const { state, js } = await pagesJs(browser, options);

    const cold: number[] = [];
    const fcpCold: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const context = await browser.newContext({ ...contextOptions, baseURL: options.appUrl, storageState: state });
      const r = await firstRowPaint(context);
      cold.push(r.paint);
      fcpCold.push(r.fcp);
      await context.close();
    }
    const warmContext = await browser.newContext({ ...contextOptions, baseURL: options.appUrl, storageState: state });
    await firstRowPaint(warmContext); // fills the cache
    const warm: number[] = [];
    for (let i = 0; i < runs; i += 1) warm.push((await firstRowPaint(warmContext)).paint);
    const samples = await filterChanges(warmContext);
    await warmContext.close();
    return {
      browser: `Chromium ${browser.version()}`,
      js,
      firstTablePaint: { cold: summarize(cold), warm: summarize(warm), fcpCold: summarize(fcpCold) },
      filterChange: { ...summarize(samples.map((s) => s.ms)), samples },
    };
  } finally {
    await browser.close();
  }
}
