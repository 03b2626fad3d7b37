"use client";

import { Search } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { openLookup } from "@/components/lookup/lookup-events";

/** Opens the header's lookup box (when this role has it) with `query` filled in. */
export function OpenLookupButton({ query, label }: { query?: string; label?: string }) {
  const t = useTranslations("paymentDetail");
  return (
    <Button onClick={() => openLookup(query)}>
      <Search aria-hidden className="h-4 w-4" /> {label ?? t("lookUpAnother")}
    </Button>
  );
}
