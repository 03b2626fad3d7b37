"use client";

import Link from "next/link";
import { useState, type ComponentProps } from "react";

/**
 * A link that prefetches its route when the pointer or the focus reaches it, not as soon as it
 * is on screen (Next.js's hover-triggered prefetch pattern). The header's links are on every
 * page: prefetching every route they name on each load cost each page the others' code for
 * navigations that mostly never happen. Pointing at a link
 * comes a few hundred milliseconds before the click, which is time enough on a LAN.
 */
export function IntentLink({ onPointerEnter, onFocus, ...props }: Omit<ComponentProps<typeof Link>, "prefetch">) {
  const [intent, setIntent] = useState(false);
  return (
    <Link
      {...props}
      prefetch={intent ? null : false}
      onPointerEnter={(event) => {
        setIntent(true);
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        setIntent(true);
        onFocus?.(event);
      }}
    />
  );
}
