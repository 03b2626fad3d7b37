/**
 * `npm run demo`: builds (the sandbox bundle and the app), starts the back office on the embedded sandbox and says "ready" only
 * once the sandbox answers too (GET /api/health: provider reachable and a token issued). Listens
 * on 127.0.0.1 unless HOST says otherwise (HOST=0.0.0.0 to be reached from other machines: the
 * demo accounts share one public password). PORT and SANDBOX_PORT move the ports (3000, 4010).
 *
 * On the sandbox the e-mails it would send are caught locally and shown on /dev/mail (MAIL_CATCHER=on).
 *
 *   npm run demo                # build + start
 *   npm run demo -- --skip-build
 */
import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { buildSandbox } from "./build-sandbox";

const root = join(import.meta.dirname, "..");
const host = process.env.HOST || "127.0.0.1";
const port = Number(process.env.PORT || 3000);
// The one address the demo announces is the server's APP_URL: the one its e-mails link to.
const url = process.env.APP_URL || `http://localhost:${port}`;
const next = join(root, "node_modules", ".bin", "next");

if (!process.argv.includes("--skip-build")) {
  // `npm run build`: the sandbox bundle the server starts on plain Node, then the app. Next.js's
  // route table is for whoever builds on purpose: the demo says one line, or all of it on failure.
  await buildSandbox();
  console.log("building the back office (a minute or two the first time)...");
  const built = spawnSync(next, ["build"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (built.status !== 0) {
    process.stderr.write(`${built.stdout ?? ""}${built.stderr ?? ""}`);
    process.exit(built.status ?? 1);
  }
}

// On the sandbox, e-mails go to a local catcher shown on /dev/mail (unless SMTP_URL says where they go).
const sandbox = !process.env.PAYMENTS_API_URL;
const mailCatcher = process.env.MAIL_CATCHER ?? (sandbox && !process.env.SMTP_URL ? "on" : "off");
// Readable log lines (one per entry) instead of JSON, unless LOG_FORMAT says otherwise.
const env = { ...process.env, APP_URL: url, MAIL_CATCHER: mailCatcher, LOG_FORMAT: process.env.LOG_FORMAT || "pretty" };
const server = spawn(next, ["start", "-H", host, "-p", String(port)], { cwd: root, stdio: ["inherit", "pipe", "inherit"], env });
// Next.js's banner (its version, the addresses, "Ready" as soon as it listens, before the
// sandbox is up) is ours to say: the start-up is our few lines, then "ready" once it answers.
// (Colours stripped first: with FORCE_COLOR set, Next.js colours its banner even into a pipe.)
const NEXT_BANNER = /^\s*(▲ Next\.js|- (Local|Network|Environments?):|✓ (Starting|Running|Ready)\b)|\bReady in\b/;
const plain = (line: string) => line.replace(/\x1b\[[0-9;]*m/g, "");
server.stdout.on("data", (chunk: Buffer) => {
  const text = chunk
    .toString()
    .split("\n")
    .filter((line) => line.trim() && !NEXT_BANNER.test(plain(line)))
    .join("\n");
  if (text) process.stdout.write(`${text}\n`);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));

const deadline = Date.now() + 120_000;
for (;;) {
  if (Date.now() > deadline) {
    console.error(`not ready after 120 s: ${url}/api/health never said "ok" (see the log above)`);
    break;
  }
  const health = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2_000) })
    .then((res) => res.json() as Promise<{ status?: string }>)
    .catch(() => null);
  if (health?.status === "ok") {
    const password = process.env.DEMO_PASSWORD || "demo-password";
    console.log(`ready: ${url}  (demo accounts such as operator@demo.test and approver@demo.test, password ${password}: README "Sign in")`);
    break;
  }
  await new Promise((r) => setTimeout(r, 500));
}
