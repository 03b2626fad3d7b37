import { Download, Printer } from "lucide-react";
import { useTranslations } from "next-intl";
import { buttonVariants } from "@/components/ui/button";

/** `/api/payments/NF%202026%2F0042/receipt` -> the same address opened inline, for printing. */
function inlineUrl(url: string): string {
  return `${url}${url.includes("?") ? "&" : "?"}disposition=inline`;
}

/**
 * "Baixar comprovante" and "Imprimir" for one comprovante's address (a payment's, a transfer's,
 * a batch's ZIP): the download saves the PDF; Print opens the same PDF inline in a new tab, where
 * the browser's viewer prints it with the same layout. Show it only where a receipt exists.
 */
export function ReceiptButtons({ url, printable = true, many = false }: { url: string; printable?: boolean; /** A ZIP of several (a batch's). */ many?: boolean }) {
  const t = useTranslations("receipts.button");
  return (
    <div role="group" aria-label={t("group")} className="flex flex-wrap items-center gap-2" data-testid="receipt-buttons">
      <a href={url} download className={buttonVariants({ size: "sm", variant: "primary" })} data-testid="receipt-download">
        <Download aria-hidden className="h-4 w-4" /> {many ? t("downloadAll") : t("download")}
      </a>
      {printable ? (
        <a
          href={inlineUrl(url)}
          target="_blank"
          rel="noopener"
          title={t("printHint")}
          className={buttonVariants({ size: "sm" })}
          data-testid="receipt-print"
        >
          <Printer aria-hidden className="h-4 w-4" /> {t("print")}
        </a>
      ) : null}
    </div>
  );
}

/** The comprovante address of a payment of the provider's list. */
export function paymentReceiptUrl(idempotentId: string): string {
  return `/api/payments/${encodeURIComponent(idempotentId)}/receipt`;
}
