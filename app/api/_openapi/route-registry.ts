import "server-only";
// Every documented route's module, written from the route files by `npm run routes` (lib/http/route-files.ts).
import type { DeclaredRoute } from "@/lib/http/route";
import { DOCUMENTED_ROUTES } from "./route-registry.generated";

export { DOCUMENTED_ROUTES };

/** The declarations of every documented handler. */
export function documentedRoutes(): DeclaredRoute[] {
  return Object.values(DOCUMENTED_ROUTES).flatMap((handlers) =>
    Object.values(handlers).flatMap((handler) => {
      const declared = (handler as { declared?: DeclaredRoute } | null)?.declared;
      return declared ? [declared] : [];
    }),
  );
}
