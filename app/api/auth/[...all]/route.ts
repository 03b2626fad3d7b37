import { toNextJsHandler } from "better-auth/next-js";
import { getAuth } from "@/lib/auth/auth";
import { handleAuthRequest } from "@/lib/auth/auth-request";
import { withRoute } from "@/lib/http";

// /api/auth/*: Better Auth (sign-in, two-factor, set-password, sign-out, session), through the
// door that refuses broken text and stamps the client address. Bodies are never logged.
// withRoute, not route(): Better Auth owns the session, the body and the answers of these paths.
export const dynamic = "force-dynamic";

const handle = withRoute("/api/auth/*", async (request: Request) => handleAuthRequest(await getAuth(), request));

export const { GET, POST } = toNextJsHandler((request: Request) => handle(request, undefined));
