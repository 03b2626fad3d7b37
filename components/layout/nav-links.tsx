"use client";

import { ChevronDown, Menu } from "lucide-react";
import { useTranslations } from "next-intl";
import { usePathname } from "next/navigation";
import { useEffect, type ReactNode } from "react";
import { useDisclosure } from "@/components/data-table/use-disclosure";
import type { Role } from "@/lib/auth/roles";
import { cn } from "@/lib/utils";
import { IntentLink } from "./intent-link";
import { isActive, navItemsFor, type NavItem, type NavTier } from "./nav-items";

/** Badges beside links, by href (e.g. the number of transfers awaiting approval on "/transfers"). */
export type NavBadges = Partial<Record<string, ReactNode>>;

/** Where a tier's link shows in the bar, and where its copy in the menu hides. */
const IN_BAR: Record<NavTier, string> = { 1: "hidden lg:inline-flex", 2: "hidden 3xl:inline-flex", 3: "hidden" };
const IN_MENU: Record<NavTier, string> = { 1: "lg:hidden", 2: "3xl:hidden", 3: "" };

/**
 * The main navigation, on one line at every width: the first links in the bar, the rest in a
 * "More" menu (every link in a "Menu" below `lg`). Only the pages this role may open.
 */
export function NavLinks({ role, badges = {}, footer }: { role: Role; badges?: NavBadges; footer?: ReactNode }) {
  const t = useTranslations("layout.nav");
  const pathname = usePathname();
  const { open, close, triggerProps, panelProps } = useDisclosure(256);
  const items = navItemsFor(role);
  const highest = Math.max(...items.map((item) => item.tier)) as NavTier;
  const menuActive = items.some((item) => item.tier === 3 && isActive(item, pathname));

  // A link followed from the menu closes it.
  useEffect(() => close(false), [pathname, close]);

  const link = (item: NavItem, where: string, inMenu: boolean) => {
    const active = isActive(item, pathname);
    return (
      <IntentLink
        key={item.href}
        href={item.href}
        aria-current={active ? "page" : undefined}
        className={cn(
          "items-center gap-1.5 whitespace-nowrap rounded-md text-sm font-medium",
          inMenu ? "flex px-2.5 py-2" : "px-2.5 py-1.5",
          active ? "bg-surface-muted text-fg" : "text-fg-muted hover:bg-surface-muted hover:text-fg",
          where,
        )}
      >
        {t(item.label)}
        {badges[item.href] ?? null}
      </IntentLink>
    );
  };

  return (
    <nav aria-label={t("label")} className="flex min-w-0 items-center gap-1">
      {items.map((item) => link(item, IN_BAR[item.tier], false))}
      {/* The menu button shows only where the bar leaves links out. */}
      <div className={cn("relative", highest === 1 && "lg:hidden", highest === 2 && "3xl:hidden")}>
        <button
          type="button"
          {...triggerProps}
          className={cn(
            "inline-flex h-8 cursor-pointer items-center gap-1 rounded-md px-2.5 text-sm font-medium",
            menuActive ? "bg-surface-muted text-fg" : "text-fg-muted hover:bg-surface-muted hover:text-fg",
          )}
        >
          <Menu aria-hidden className="h-4 w-4 lg:hidden" />
          <span className="lg:hidden">{t("menu")}</span>
          <span className="hidden lg:inline">{t("more")}</span>
          <ChevronDown aria-hidden className="hidden h-3.5 w-3.5 lg:block" />
        </button>
        {open ? (
          <div
            {...panelProps}
            role="group"
            aria-label={t("menuLabel")}
            className="absolute top-full z-50 mt-1 flex max-h-[calc(100vh-4rem)] flex-col gap-0.5 overflow-y-auto rounded-lg border border-border bg-surface p-1.5 shadow-lg data-[align=end]:right-0 data-[align=start]:left-0"
          >
            {items.map((item) => link(item, IN_MENU[item.tier], true))}
            {footer ? <div className="mt-1 border-t border-border pt-2 empty:hidden wide:max-3xl:hidden">{footer}</div> : null}
          </div>
        ) : null}
      </div>
    </nav>
  );
}
