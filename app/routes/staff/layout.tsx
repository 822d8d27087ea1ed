import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { RouteErrorView } from "~/components/error-view";
import { StaffChrome } from "~/staff/staff-chrome";
import { staffMeta } from "~/staff/staff-meta";
import { staffPageHeaders, staffSession } from "~/staff/accounts/session.server";
import { loadStaffFrame } from "~/staff/accounts/staff-area.server";
import type { RouteHandle } from "~/platform/route-needs";
import type { StylesheetHandle } from "~/components/site-stylesheet";

/** Everything under /staff: one Supabase client a request, its cookies on every response. */
export const middleware: Route.MiddlewareFunction[] = [staffSession];

export const loader = loadStaffFrame;

export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Staff", matches);

export const headers: Route.HeadersFunction = staffPageHeaders;

/**
 * Each staff page is its member's own, whatever a page's headers might say.
 * Staff pages link the stylesheet: rendered afresh for every request and
 * opened one after another, they fetch it once and keep it, instead of
 * carrying its 60 KB in each (decision 007).
 */
export const handle = {
  transport: { neverCached: true },
  stylesheet: "link",
} satisfies RouteHandle & StylesheetHandle;

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  return (
    <StaffChrome signedInAs={loaderData.signedInAs}>
      <Outlet />
    </StaffChrome>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <StaffChrome signedInAs={null}>
      <RouteErrorView error={error} />
    </StaffChrome>
  );
}
