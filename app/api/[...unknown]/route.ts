import { jsonError, routeT, withRoute } from "@/lib/http";

// Any /api address no route answers: a problem+json 404 in the caller's language like every other API answer (Next would send its
// HTML not-found page). Same answer with or without a session: it names nothing that exists.
// withRoute, not route(): route() would parse the query and refuse some addresses 400 before this 404.
const notFound = withRoute("ANY /api/[...unknown]", async () => jsonError(404, routeT()("errors.notFoundEndpoint"), { kind: "not_found" }));

export { notFound as DELETE, notFound as GET, notFound as PATCH, notFound as POST, notFound as PUT };
