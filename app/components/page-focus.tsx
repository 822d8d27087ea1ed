import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * After a client-side move to another page, focus goes to that page's main
 * heading, as a full page load would start a screen reader at the top: it
 * reads the new heading, and Tab continues from there rather than from a link
 * that is no longer on the page. Only when the path changes: not on the first
 * load, nor for a filter (search parameters) or a post that stays on the page.
 * A link to a part of another page ("/#hours") focuses that part instead. The
 * scroll position is left to the router's scroll restoration.
 */
export function PageFocus() {
  const { pathname, hash } = useLocation();
  const shown = useRef(pathname);

  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const target =
      (hash && document.getElementById(decodeURIComponent(hash.slice(1)))) ||
      document.querySelector<HTMLElement>("#main h1") ||
      document.getElementById("main");
    if (!target) return;
    // A heading or section takes focus only with a tabindex; controls have one already.
    if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) {
      target.setAttribute("tabindex", "-1");
    }
    target.focus({ preventScroll: true });
  }, [pathname, hash]);

  return null;
}
