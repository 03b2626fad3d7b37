import { useTranslations } from "next-intl";
import Link from "next/link";
import type { LookupAnswer } from "@/lib/lookup/result";
import { lookupLink, quoted } from "./lookup-bits";

/**
 * Nothing matched: says that part of a partner ID cannot be searched (the provider has no
 * partial filter on idempotent_id), and offers the searches the provider does have, with the
 * text filled in: a document, an end-to-end fragment, a charge's reference code.
 */
export function LookupNothing({ query, kind, onNavigate }: { query: string; kind: LookupAnswer["kind"]; onNavigate: () => void }) {
  const t = useTranslations("lookup.nothing");
  const digits = query.replace(/[.\-/\s]/g, "");
  const isDocument = /^\d{11}$|^\d{14}$/.test(digits);
  const endToEndFragment = /^[A-Za-z0-9]{4,32}$/.test(query);
  const chargeFragment = query.length <= 100;
  return (
    <div className="space-y-2 rounded-md bg-surface-muted px-3 py-2 text-sm" data-testid="lookup-nothing">
      <p className="font-medium text-fg">{t("title")}</p>
      {kind === "text" ? <p className="text-fg">{t("fragment")}</p> : null}
      <p className="text-fg-muted">{t("tryTable")}</p>
      <ul className="space-y-1">
        {isDocument ? (
          <li>
            <Link href={`/payments?receiver_document=${digits}`} onClick={onNavigate} className={lookupLink}>
              {t("document", { document: digits })}
            </Link>
          </li>
        ) : null}
        {endToEndFragment && kind === "text" ? (
          <li>
            <Link href={`/payments?end_to_end=${encodeURIComponent(query)}`} onClick={onNavigate} className={lookupLink}>
              {t.rich("endToEnd", { query, q: quoted })}
            </Link>
          </li>
        ) : null}
        {chargeFragment && kind === "text" ? (
          <li>
            <Link href={`/qrcodes?reference_code=${encodeURIComponent(query)}`} onClick={onNavigate} className={lookupLink}>
              {t.rich("charges", { query, q: quoted })}
            </Link>
          </li>
        ) : null}
        <li>
          <Link href="/payments" onClick={onNavigate} className={lookupLink}>
            {t("all")}
          </Link>
        </li>
      </ul>
    </div>
  );
}
