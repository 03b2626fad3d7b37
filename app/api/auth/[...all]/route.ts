import { toNextJsHandler } from "better-auth/next-js";
import { getAuth } from "@/lib/auth/auth";
import { withRoute } from "@/lib/http";

// /api/auth/*: Better Auth (sign-in, sign-out, session). Bodies are never logged.
export const dynamic = "force-dynamic";

const handle = withRoute("/api/auth/*", async (request: Request) => (await getAuth()).handler(request));

export const { GET, POST } = toNextJsHandler((request: Request) => handle(request, undefined));
