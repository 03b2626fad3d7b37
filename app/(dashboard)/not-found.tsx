import { BareNotFound, NotFoundContent, notFoundMetadata } from "@/components/auth/not-found-content";
import { getSessionUser } from "@/lib/auth/guard";

export const generateMetadata = notFoundMetadata;

/**
 * notFound() inside the signed-in pages, and any address no page answers ([...missing]): the
 * app's own page, under the dashboard's header; alone for a visitor who is not signed in.
 */
export default async function DashboardNotFound() {
  const user = await getSessionUser();
  if (!user) return <BareNotFound signedIn={false} />;
  return (
    <div className="py-6">
      <NotFoundContent signedIn />
    </div>
  );
}
