import type { MetadataRoute } from "next";
import { WEB_APP } from "@/lib/pwa/web-app";

/** /manifest.webmanifest: what makes the back office installable (lib/pwa/web-app.ts says why each member is there). */
export default function manifest(): MetadataRoute.Manifest {
  return WEB_APP;
}
