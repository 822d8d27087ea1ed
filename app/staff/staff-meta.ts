import type { MetaDescriptor } from "react-router";
import { safeRedirect } from "~/platform/safe-redirect";

type MatchWithData = { id: string; loaderData?: unknown } | undefined;

/** The site's name as the staff layout loaded it (site_settings), if it could. */
function siteNameFromMatches(matches: readonly MatchWithData[]): string | undefined {
  const layout = matches.find((match) => match?.id === "routes/staff/layout")?.loaderData as
    { site?: { name?: unknown } | null } | undefined;
  return typeof layout?.site?.name === "string" ? layout.site.name : undefined;
}

/** A staff page's title (with the site's name from the meta function's matches), kept out of search engines. */
export function staffMeta(title: string, matches: readonly MatchWithData[]): MetaDescriptor[] {
  const siteName = siteNameFromMatches(matches);
  return [
    { title: siteName ? `${title} · Staff | ${siteName}` : `${title} · Staff` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

/** Where a sign-in may send someone back to: a page of the staff area, or its home. */
export function staffReturnPath(to: unknown): string {
  const path = safeRedirect(to, "/staff");
  const { pathname } = new URL(path, "http://site.invalid");
  const inStaffArea = pathname === "/staff" || pathname.startsWith("/staff/");
  const loops = ["/staff/sign-in", "/staff/sign-out", "/staff/setup"].includes(pathname);
  return inStaffArea && !loops ? path : "/staff";
}
