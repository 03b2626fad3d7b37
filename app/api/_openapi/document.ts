import "server-only";
import { getEnv } from "@/lib/env";
import packageJson from "@/package.json";
import { buildOpenApiDocument } from "@/lib/http/openapi";
import { documentedRoutes } from "./route-registry";

let built: ReturnType<typeof buildOpenApiDocument> | undefined;

/** The document of this deployment, made once per process (the declarations do not change while it runs). */
export function openApiDocument(): ReturnType<typeof buildOpenApiDocument> {
  built ??= buildOpenApiDocument(documentedRoutes(), { serverUrl: getEnv().appUrl, version: packageJson.version });
  return built;
}
