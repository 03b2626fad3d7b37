import { getTranslations } from "next-intl/server";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDocument } from "@/lib/pix/document";

/** The company the comprovantes name as payer, so admins know what the receipts say (or that they cannot be issued). */
export async function CompanyCard({ company, sandboxMode }: { company: { name: string; document: string } | null; sandboxMode: boolean }) {
  const t = await getTranslations("receipts.settings");
  return (
    <Card data-testid="company-on-receipts">
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
      </CardHeader>
      <CardBody className="space-y-2">
        <p className="text-sm text-fg-muted">{t("intro")}</p>
        {company ? (
          <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1.5 text-sm">
            <dt className="text-fg-muted">{t("name")}</dt>
            <dd className="text-fg [overflow-wrap:anywhere]">{company.name}</dd>
            <dt className="text-fg-muted">{t("document")}</dt>
            <dd className="font-mono text-fg">{formatDocument(company.document)}</dd>
          </dl>
        ) : (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {t("missing")}
          </p>
        )}
        {company && sandboxMode ? <p className="text-xs text-fg-muted">{t("demo")}</p> : null}
      </CardBody>
    </Card>
  );
}
