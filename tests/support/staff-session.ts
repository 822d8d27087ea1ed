import { randomUUID } from "node:crypto";
import type { MiddlewareFunction } from "react-router";
import { expect } from "vitest";
import { formPost } from "./route-args";
import { CookieJar, runRoute } from "./staff-requests";
import type { TestDatabase } from "./test-database";
import { contextWithDatabase } from "./test-database";
import { embeddedAuthBackend } from "~/platform/auth-backend.server";
import { generateSigningKey } from "~/platform/auth-service/signing-key.server";
import { authBackendContext, clientAddressContext } from "~/platform/context";
import { addStaff } from "~/staff/add-staff.server";
import { requireStaff, staffSession } from "~/staff/session.server";
import { action as signInAction } from "../../app/routes/staff/sign-in";

/** The staff layout's middleware, and the signed-in area's. */
export const STAFF_LAYOUT: MiddlewareFunction<Response>[] = [staffSession];
export const STAFF_AREA: MiddlewareFunction<Response>[] = [staffSession, requireStaff];

const PASSWORD = "correct horse battery staple";

/**
 * A staff area over `db` with the embedded sign-in service, for route tests:
 * staff members made as the `staff-add` command makes them, signed in through
 * the sign-in action, and requests that carry their cookies.
 */
export function staffHarness(db: TestDatabase) {
  const backend = embeddedAuthBackend(db, generateSigningKey());

  function context() {
    const provided = contextWithDatabase(db);
    provided.set(authBackendContext, async () => backend);
    provided.set(clientAddressContext, `203.0.113.${Math.floor(Math.random() * 250) + 1}`);
    return provided;
  }

  async function member(role: "owner" | "editor" = "editor") {
    const email = `staff-${randomUUID()}@example.com`;
    const { userId } = await addStaff(db, backend, { email, role, password: PASSWORD });
    return { email, userId };
  }

  /** A jar holding a fresh session of a new staff member. */
  async function signedIn(role: "owner" | "editor" = "editor") {
    const { email, userId } = await member(role);
    const jar = new CookieJar();
    const response = jar.take(
      await runRoute(
        formPost("/staff/sign-in", { email, password: PASSWORD, redirectTo: "/staff" }),
        context(),
        STAFF_LAYOUT,
        signInAction,
      ),
    );
    expect(response).toHaveRedirect("/staff");
    return Object.assign(jar, { email, userId });
  }

  function get(path: string, jar: CookieJar) {
    return new Request(new URL(path, "http://localhost"), { headers: { Cookie: jar.header() } });
  }

  function post(path: string, fields: Record<string, string> | FormData, jar: CookieJar) {
    if (fields instanceof FormData) {
      return new Request(new URL(path, "http://localhost"), {
        method: "POST",
        body: fields,
        headers: { Cookie: jar.header(), Origin: "http://localhost" },
      });
    }
    return formPost(path, fields, { Cookie: jar.header() });
  }

  /** Runs a handler of the signed-in area as `jar`'s browser would reach it. */
  async function run(
    request: Request,
    jar: CookieJar,
    handler: (args: never) => unknown,
    params: Record<string, string> = {},
  ) {
    return jar.take(await runRoute(request, context(), STAFF_AREA, handler, params));
  }

  return { backend, context, member, signedIn, get, post, run };
}
