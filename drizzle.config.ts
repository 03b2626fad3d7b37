import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate` writes SQL migrations from lib/db/schema into lib/db/migrations;
// the app applies them itself at start (lib/db/migrate.ts). No credentials needed to generate.
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/db/schema/index.ts",
  out: "./lib/db/migrations",
  strict: true,
  verbose: true,
});
