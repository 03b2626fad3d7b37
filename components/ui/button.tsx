import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/**
 * Each Tailwind property is set by exactly one part (base, variant, size or align): `cn` joins
 * classes without merging (no tailwind-merge on every page), so a caller's
 * className may add classes but must not restate one of these properties.
 */
export const buttonVariants = cva(
  "inline-flex items-center gap-2 whitespace-nowrap rounded-md font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 cursor-pointer",
  {
    variants: {
      variant: {
        primary: "bg-brand-700 text-white hover:bg-brand-600 dark:bg-brand-500 dark:text-gray-950 dark:hover:bg-brand-100",
        secondary: "border border-border bg-surface text-fg hover:bg-surface-muted",
        /** Secondary with quieter text: a tool that is always there (the lookup button). */
        muted: "border border-border bg-surface text-fg-muted hover:bg-surface-muted",
        ghost: "text-fg hover:bg-surface-muted",
        danger: "bg-red-700 text-white hover:bg-red-600",
        link: "text-blue-700 underline-offset-2 hover:underline dark:text-blue-300",
      },
      size: {
        xs: "h-6 px-2 text-xs",
        sm: "h-8 px-2.5 text-sm",
        md: "h-9 px-3.5 text-sm",
        lg: "h-11 px-5 text-base",
        icon: "h-8 w-8 text-sm",
      },
      align: {
        center: "justify-center",
        start: "justify-start",
      },
    },
    defaultVariants: { variant: "secondary", size: "md", align: "center" },
  },
);

type ButtonProps = ComponentProps<"button"> & VariantProps<typeof buttonVariants>;

/**
 * A <button> (type "button" unless said otherwise). For a link that looks like a button, put
 * `buttonVariants(...)` on the link itself: no Slot, one element less to load and to read.
 */
export function Button({ className, variant, size, align, type, ...props }: ButtonProps) {
  return <button className={cn(buttonVariants({ variant, size, align }), className)} type={type ?? "button"} {...props} />;
}
