import { useTranslations } from "next-intl";
import Link from "next/link";
import type { ReactNode } from "react";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/**
 * The pager under a list whose page lives in its own URL state (transfers, the inbox, the audit
 * log...): what is shown ("Page 2 of 7 · 318 entries") and Previous / Next. Pages read in the
 * browser move with `onPage`; a server-rendered page gives `href` (links that keep its filters).
 * Provider lists, thousands of pages long, have first and last too (`DataTablePagination`).
 */
export function ListPagination({
  summary,
  page,
  pageCount,
  label,
  onPage,
  href,
}: {
  /** What is shown; lists of cards whose count sits above them have none. */
  summary?: ReactNode;
  page: number;
  pageCount: number;
  /** The pager's name as a landmark; without it the pager is no landmark. */
  label?: string;
  onPage?: (page: number) => void;
  href?: (page: number) => string;
}) {
  const common = useTranslations("common.actions");
  const Container = label ? "nav" : "div";
  const control = (target: number, text: string, rel: "prev" | "next") => {
    const usable = rel === "prev" ? page > 1 : page < pageCount;
    if (href) {
      return usable ? (
        <Link className={buttonVariants({ size: "sm" })} href={href(target)} rel={rel}>
          {text}
        </Link>
      ) : (
        <span className={cn(buttonVariants({ size: "sm" }), "pointer-events-none opacity-50")} aria-disabled="true">
          {text}
        </span>
      );
    }
    return (
      <button type="button" className={buttonVariants({ size: "sm" })} disabled={!usable} onClick={() => onPage?.(target)}>
        {text}
      </button>
    );
  };
  return (
    <Container aria-label={label} className="flex flex-wrap items-center justify-between gap-2 text-sm text-fg-muted">
      {summary ? <p>{summary}</p> : null}
      <div className="flex gap-2">
        {control(page - 1, common("previous"), "prev")}
        {control(page + 1, common("next"), "next")}
      </div>
    </Container>
  );
}
