import { Outlet } from "react-router";
import type { Route } from "./+types/area";
import { requireStaff } from "~/staff/session.server";

/** The pages behind sign-in: a verified session of someone on the staff list. */
export const middleware: Route.MiddlewareFunction[] = [requireStaff];

export default function StaffArea() {
  return <Outlet />;
}
