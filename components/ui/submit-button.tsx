"use client";

import type { ComponentProps } from "react";
import { Button } from "./button";
import { useHydrated } from "./use-hydrated";

/**
 * A form's submit button: disabled until React has hydrated the page. Before that, a click or
 * Enter submits the form the browser's way: a GET to the page's own address carrying every field
 * in the query string (a password in the history and in the server's and proxies' logs), while
 * React's handler never runs. A disabled default button stops Enter's submission too. In a part
 * mounted after hydration (a dialog) it is enabled from its first frame.
 */
export function SubmitButton({ disabled, ...props }: Omit<ComponentProps<typeof Button>, "type">) {
  const hydrated = useHydrated();
  return <Button {...props} type="submit" disabled={!hydrated || disabled} />;
}
