import { Outlet } from "react-router";
import type { Route } from "./+types/area";
import { loadStaffArea } from "~/staff/accounts/staff-area.server";
import { requireStaff } from "~/staff/accounts/session.server";

/** The pages behind sign-in: a verified session of someone on the staff list. */
export const middleware: Route.MiddlewareFunction[] = [requireStaff];

/** The navigation's count of unread enquiries, and whether the owners' sections show. */
export const loader = loadStaffArea;

/** Read again on every navigation: opening an enquiry reads it, and the count goes down. */
export const shouldRevalidate = () => true;

export default function StaffArea() {
  return <Outlet />;
}
