import { can, type Permission, type Role } from "@/lib/auth/roles";

/** The message key of each link's label (namespace `layout.nav`). */
type NavLabel =
  | "overview"
  | "payments"
  | "newTransfer"
  | "transfers"
  | "batches"
  | "receivers"
  | "charges"
  | "qrcodes"
  | "statement"
  | "cash"
  | "reconciliation"
  | "alerts"
  | "alertRules"
  | "notifications"
  | "events"
  | "audit"
  | "users"
  | "approvals"
  | "provider"
  | "costCentres"
  | "erpWebhooks"
  | "security";

/**
 * Where a link sits so the header stays one line at any width: tier 1 is in the bar from
 * `lg`, tier 2 from 1600 px, tier 3 always in the "More" menu; below `lg` every link is in
 * the menu.
 */
export type NavTier = 1 | 2 | 3;

export type NavItem = {
  href: string;
  label: NavLabel;
  permission: Permission;
  tier: NavTier;
  /** Active only on this very path (otherwise on the path and below it). */
  exact?: boolean;
};

/** The main navigation, in its order. */
const NAV_ITEMS: readonly NavItem[] = [
  { href: "/", label: "overview", permission: "viewPayments", tier: 1, exact: true },
  { href: "/payments", label: "payments", permission: "viewPayments", tier: 1, exact: true },
  { href: "/payments/new", label: "newTransfer", permission: "register", tier: 2, exact: true },
  { href: "/events", label: "events", permission: "events", tier: 3 },
  { href: "/audit", label: "audit", permission: "audit", tier: 3 },
  { href: "/transfers", label: "transfers", permission: "viewTransfers", tier: 1 },
  { href: "/batches", label: "batches", permission: "viewTransfers", tier: 2 },
  { href: "/receivers", label: "receivers", permission: "viewTransfers", tier: 3 },
  { href: "/charges", label: "charges", permission: "viewPayments", tier: 3 },
  { href: "/qrcodes", label: "qrcodes", permission: "viewPayments", tier: 3 },
  { href: "/statement", label: "statement", permission: "viewPayments", tier: 3 },
  { href: "/cash", label: "cash", permission: "viewPayments", tier: 3 },
  { href: "/reconciliation", label: "reconciliation", permission: "reconciliation", tier: 3 },
  { href: "/alerts", label: "alerts", permission: "alerts", tier: 3 },
  { href: "/users", label: "users", permission: "users", tier: 3 },
  { href: "/settings/approvals", label: "approvals", permission: "policy", tier: 3 },
  { href: "/settings/alerts", label: "alertRules", permission: "policy", tier: 3 },
  { href: "/settings/provider", label: "provider", permission: "policy", tier: 3 },
  { href: "/settings/cost-centres", label: "costCentres", permission: "costCentres", tier: 3 },
  { href: "/settings/webhooks", label: "erpWebhooks", permission: "webhooks", tier: 3 },
  { href: "/settings/security", label: "security", permission: "account", tier: 3 },
  { href: "/settings/notifications", label: "notifications", permission: "account", tier: 3 },
];

/** The links this role may open. */
export function navItemsFor(role: Role): NavItem[] {
  return NAV_ITEMS.filter((item) => can(role, item.permission));
}

/** True when `pathname` is the item's page (a payment's detail counts as "Payments"). */
export function isActive(item: NavItem, pathname: string): boolean {
  if (item.href === "/payments") return pathname === "/payments" || /^\/payments\/(?!new$)[^/]+$/.test(pathname);
  if (item.exact) return pathname === item.href;
  return pathname === item.href || pathname.startsWith(`${item.href}/`);
}
