/**
 * Ports and paths of the e2e run (kept away from the defaults a developer may be running;
 * E2E_APP_PORT / E2E_SANDBOX_PORT move them, e.g. to run a clean clone beside a dev server).
 */
const appPort = Number(process.env.E2E_APP_PORT ?? 3100);
const sandboxPort = Number(process.env.E2E_SANDBOX_PORT ?? 4110);

export const E2E = {
  appPort,
  sandboxPort,
  appUrl: `http://localhost:${appPort}`,
  sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
  dataDir: `.data/e2e-${appPort}`,
  password: "demo-password",
};

export const ROLES = ["viewer", "support", "operator", "admin"] as const;
export type E2ERole = (typeof ROLES)[number];

export function storageStateFor(role: E2ERole): string {
  return `playwright/.auth/${role}.json`;
}
