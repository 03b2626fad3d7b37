import { notFound } from "next/navigation";
import { notFoundMetadata } from "@/components/auth/not-found-content";

export const generateMetadata = notFoundMetadata;

/**
 * Any address no page answers: the 404 of the signed-in pages (../not-found.tsx), inside their
 * header. Here rather than in app/not-found.tsx, whose code every page (sign-in too) would load.
 */
export default function MissingPage() {
  notFound();
}
