import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { bellOf } from "@/lib/alerts/store";
import { viewerOf } from "@/lib/alerts/viewer";
import { bellAnswer } from "@/lib/alerts/answers";

export const GET = route(
  {
    name: "GET /api/alerts/bell",
    summary: "The header bell: unread live alerts and the newest few",
    answers: { 200: bellAnswer },
    permission: "alerts",
  },
  async ({ user }) => jsonOk(await bellOf(await getDb(), viewerOf(user))));
