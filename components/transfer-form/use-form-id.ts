"use client";

import { useSyncExternalStore } from "react";
import { getFormIdStore } from "@/lib/transfer-form/form-id-store";

const subscribe = (listener: () => void) => getFormIdStore().subscribe(listener);
const current = () => getFormIdStore().current();
const onServer = () => null;

/**
 * The idempotent_id of this tab's form: null while rendering on the server (it is created in
 * the browser, where sessionStorage keeps it across reloads), then stable until renewed.
 */
export function useFormId(): string | null {
  return useSyncExternalStore(subscribe, current, onServer);
}
