import { kindForStatus, problemBody, problemResponse } from "@/lib/http/problem";

/** A stand-in guard's 401 or 403, in the shape the real guard answers (a problem, checked by route()'s answer check). */
export function guardRefusal(status: number, error: string): Response {
  return problemResponse(problemBody(status, kindForStatus(status), error, "test-request-id"));
}
