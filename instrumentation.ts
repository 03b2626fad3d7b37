/**
 * Runs once when the server starts: answer unsupported methods at the door
 * (lib/http/method-gate.ts), validate configuration (a bad setting stops the server with its
 * name), start the embedded sandbox in sandbox mode, migrate the store and create the demo
 * accounts, register our webhook receiver with the provider's sandbox.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // First: TRACE and methods no route serves are answered 405 before Next.js builds a request.
  const { installMethodGate } = await import("./lib/http/method-gate");
  installMethodGate();
  const { startServer } = await import("./lib/startup");
  await startServer();
}
