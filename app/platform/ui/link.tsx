import { useSyncExternalStore } from "react";
import {
  // eslint-disable-next-line no-restricted-imports -- the one place that wraps them
  Link as RouterLink,
  // eslint-disable-next-line no-restricted-imports -- the one place that wraps them
  NavLink as RouterNavLink,
  type LinkProps,
  type NavLinkProps,
} from "react-router";
import { shouldPrefetch, type ConnectionHints } from "~/platform/prefetch";

type NetworkInformation = ConnectionHints & EventTarget;

function connection(): NetworkInformation | undefined {
  return (navigator as Navigator & { connection?: NetworkInformation }).connection;
}

function subscribe(onChange: () => void) {
  const network = connection();
  network?.addEventListener("change", onChange);
  return () => network?.removeEventListener("change", onChange);
}

/** "intent" normally; "none" on Save-Data or a 2g connection. */
function usePrefetch(): "intent" | "none" {
  return useSyncExternalStore(
    subscribe,
    () => (shouldPrefetch(connection()) ? "intent" : "none"),
    () => "intent",
  );
}

/** React Router's Link, prefetching on intent unless the connection is poor. */
export function Link(props: LinkProps) {
  const prefetch = usePrefetch();
  return <RouterLink prefetch={prefetch} {...props} />;
}

/** React Router's NavLink, prefetching on intent unless the connection is poor. */
export function NavLink(props: NavLinkProps) {
  const prefetch = usePrefetch();
  return <RouterNavLink prefetch={prefetch} {...props} />;
}
