import { useTranslations } from "next-intl";
import { useId, type ReactNode } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";

/** A titled group of fields (receiver, key, identifiers, dates...). */
export function DetailSection({
  title,
  children,
  action,
  className,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <Card className={className}>
      <section aria-labelledby={id}>
        <CardHeader>
          <CardTitle id={id}>{title}</CardTitle>
          {action}
        </CardHeader>
        <CardBody>{children}</CardBody>
      </section>
    </Card>
  );
}

export function FieldList({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <dl className={cn("grid grid-cols-1 gap-x-6 gap-y-0.5 text-sm sm:grid-cols-[minmax(8rem,max-content)_1fr] sm:gap-y-2.5", className)}>
      {children}
    </dl>
  );
}

/** A section's note that its times are Brazil's (beside its title). */
export function BrazilTimeNote() {
  const t = useTranslations("common");
  return <span className="text-xs font-normal text-fg-muted">{t("brazilTime")}</span>;
}

/** What to show for a field the provider left empty: said in words, never a blank. */
export function NotReported({ children }: { children?: ReactNode }) {
  const t = useTranslations("common.states");
  return <span className="italic text-fg-muted">{children ?? t("notReported")}</span>;
}

/**
 * One label and value. `copy` adds a copy button for ids people paste elsewhere; `mono`
 * for identifiers, where 0/O and l/1 must be told apart.
 */
export function Field({
  label,
  value,
  children,
  copy,
  mono,
}: {
  label: string;
  value?: string | null;
  children?: ReactNode;
  copy?: boolean;
  mono?: boolean;
}) {
  const content = children ?? (value ? value : <NotReported />);
  return (
    <div className="contents">
      <dt className="text-fg-muted">{label}</dt>
      <dd className="mb-2 flex min-w-0 items-start gap-1 text-fg sm:mb-0">
        <span className={cn("min-w-0 [overflow-wrap:anywhere]", mono && "font-mono text-[0.8125rem]")}>{content}</span>
        {copy && value ? <CopyButton value={value} label={label} /> : null}
      </dd>
    </div>
  );
}
