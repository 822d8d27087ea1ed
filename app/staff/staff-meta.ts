import type { MetaDescriptor } from "react-router";
import { safeRedirect } from "~/platform/safe-redirect";
import { site } from "~/site/site";

/** A staff page's title, kept out of search engines. */
export function staffMeta(title: string): MetaDescriptor[] {
  return [
    { title: `${title} · Staff | ${site.name}` },
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
