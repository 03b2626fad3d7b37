import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. No merging (tailwind-merge would load on every page): two classes for
 * one property are resolved by the stylesheet's order, not by their order here, so components
 * take props for what callers vary (Button `size`/`variant`/`align`, Input `compact`/`iconStart`,
 * Skeleton `pill`, badges' `size`) and a caller's className only adds. Checked across the whole
 * e2e suite: no call produced a class list tailwind-merge would have changed.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
