/** Ports and paths of the e2e run (kept away from the defaults a developer may be running). */
export const E2E = {
  appPort: 3100,
  sandboxPort: 4110,
  appUrl: "http://localhost:3100",
  sandboxUrl: "http://127.0.0.1:4110",
  dataDir: ".data/e2e",
  password: "demo-password",
} as const;

export const ROLES = ["viewer", "support", "operator", "admin"] as const;
export type E2ERole = (typeof ROLES)[number];

export function storageStateFor(role: E2ERole): string {
  return `playwright/.auth/${role}.json`;
}
