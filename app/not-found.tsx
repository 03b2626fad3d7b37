import { BareNotFound, notFoundMetadata } from "@/components/auth/not-found-content";
import { getSessionUser } from "@/lib/auth/guard";

export const generateMetadata = notFoundMetadata;

/**
 * notFound() outside the signed-in pages (Next.js's bare 404 otherwise): the app's own page,
 * alone. An address no page answers reaches app/(dashboard)/[...missing] instead, and so the
 * signed-in 404 has the usual header while the header's code stays out of the sign-in pages.
 */
export default async function NotFound() {
  return <BareNotFound signedIn={Boolean(await getSessionUser())} />;
}
