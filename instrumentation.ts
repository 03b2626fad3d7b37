/**
 * Runs once when the server starts: validate configuration (a bad setting stops the server
 * with its name), start the embedded sandbox in sandbox mode, migrate the store and create
 * the demo accounts, register our webhook receiver with the provider's sandbox.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServer } = await import("./lib/startup");
  await startServer();
}
