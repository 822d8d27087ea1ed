import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. Components are written so that the classes a caller adds
 * never set what the component's own classes set (a margin beside a layout,
 * not a second display), so nothing needs resolving: tailwind-merge, which
 * would, costs 8 KB gzipped on every page, beyond the home page's budget.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
