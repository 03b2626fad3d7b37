import { jsonError, withRoute } from "@/lib/http";

// Any /api address no route answers: a JSON 404 like every other API answer (Next would send its
// HTML not-found page). Same answer with or without a session: it names nothing that exists.
// withRoute, not route(): route() would parse the query and refuse some addresses 400 before this 404.
const notFound = withRoute("ANY /api/[...unknown]", async () => jsonError(404, "No such API endpoint"));

export { notFound as DELETE, notFound as GET, notFound as PATCH, notFound as POST, notFound as PUT };
