import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { bellOf } from "@/lib/alerts/store";
import { viewerOf } from "@/lib/alerts/viewer";

// GET /api/alerts/bell: the header bell: unread live alerts and the newest few
export const GET = route({ name: "GET /api/alerts/bell", permission: "alerts" }, async ({ user }) => jsonOk(await bellOf(await getDb(), viewerOf(user))));
