"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { Words } from "@/lib/alerts/wording";

/** The whole message tree as the alert wording reads it (lib/alerts/wording.ts), in the page's language. */
export function useAlertWords(): Words {
  const t = useTranslations();
  return useCallback<Words>((key, values) => t(key as never, values as never), [t]);
}
