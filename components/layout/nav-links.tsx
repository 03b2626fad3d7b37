"use client";

import { usePathname } from "next/navigation";
import { can, type Permission, type Role } from "@/lib/auth/roles";
import { cn } from "@/lib/utils";
import { IntentLink } from "./intent-link";

const LINKS: Array<{ href: string; label: string; permission: Permission; exact?: boolean }> = [
  { href: "/", label: "Overview", permission: "viewPayments", exact: true },
  { href: "/payments", label: "Payments", permission: "viewPayments", exact: true },
  { href: "/payments/new", label: "New transfer", permission: "register", exact: true },
  { href: "/events", label: "Events", permission: "events" },
  { href: "/audit", label: "Audit log", permission: "audit" },
];

/** The main navigation: only the pages this role may open. */
export function NavLinks({ role }: { role: Role }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className="flex flex-wrap items-center gap-1">
      {LINKS.filter((l) => can(role, l.permission)).map((link) => {
        const active = link.exact
          ? pathname === link.href || (link.href === "/payments" && /^\/payments\/(?!new$)[^/]+$/.test(pathname))
          : pathname.startsWith(link.href);
        return (
          <IntentLink
            key={link.href}
            href={link.href}
            aria-current={active ? "page" : undefined}
            className={cn(
              "rounded-md px-2.5 py-1.5 text-sm font-medium",
              active ? "bg-surface-muted text-fg" : "text-fg-muted hover:bg-surface-muted hover:text-fg",
            )}
          >
            {link.label}
          </IntentLink>
        );
      })}
    </nav>
  );
}
