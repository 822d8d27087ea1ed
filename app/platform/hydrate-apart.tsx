import { Suspense, type ReactNode } from "react";

/**
 * A part of a page that React hydrates on its own. Each such part is a
 * Suspense boundary (nothing in it suspends): React wakes the page's frame
 * first, then the parts one by one in slices it can pause, and a part a
 * visitor taps or types into is woken before the others. Without them, a
 * tap before the whole page has woken makes React finish all of it at once
 * before it can answer, which on a phone is a long wait.
 *
 * Nothing to show while it waits: the server's HTML stays in place until the
 * part is woken, and nothing in it loads data or code of its own.
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
