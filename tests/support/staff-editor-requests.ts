import { randomUUID } from "node:crypto";
import type { MiddlewareFunction } from "react-router";
import { expect } from "vitest";
import { formPost } from "./route-args";
import { CookieJar, runRoute } from "./staff-requests";
import { contextWithDatabase, type TestDatabase } from "./test-database";
import { action as signInAction } from "~/routes/staff/sign-in";
import { embeddedAuthBackend } from "~/platform/auth-backend.server";
import { generateSigningKey } from "~/platform/auth-service/signing-key.server";
import { authBackendContext, clientAddressContext } from "~/platform/context";
import { addStaff } from "~/staff/add-staff.server";
import { requireStaff, staffSession } from "~/staff/session.server";

/**
 * A signed-in staff member's requests to the editors' routes, run through the
 * staff area's middleware as the server would: for route tests of the editors.
 */

const PASSWORD = "correct horse battery staple";
const LAYOUT: MiddlewareFunction<Response>[] = [staffSession];
const AREA: MiddlewareFunction<Response>[] = [staffSession, requireStaff];

type Handler = (args: never) => unknown;

/** A browser of one staff member (or of nobody signed in) against `db`. */
export function staffBrowser(db: TestDatabase) {
  const backend = embeddedAuthBackend(db, generateSigningKey());
  const context = () => {
    const provider = contextWithDatabase(db);
    provider.set(authBackendContext, async () => backend);
    provider.set(clientAddressContext, "203.0.113.20");
    return provider;
  };

  /** Signs a new staff member in; their jar. */
  async function signIn(role: "owner" | "editor" = "editor"): Promise<CookieJar> {
    const email = `editor-${randomUUID()}@example.com`;
    await addStaff(db, backend, { email, role, password: PASSWORD });
    const jar = new CookieJar();
    const response = jar.take(
      await runRoute(
        formPost("/staff/sign-in", { email, password: PASSWORD, redirectTo: "/staff" }),
        context(),
        LAYOUT,
        signInAction,
      ),
    );
    expect(response).toHaveRedirect("/staff");
    return jar;
  }

  /** GETs a staff page's loader. */
  function get(jar: CookieJar, path: string, loader: Handler, params: Record<string, string> = {}) {
    const request = new Request(new URL(path, "http://localhost"), {
      headers: { Cookie: jar.header() },
    });
    return runRoute(request, context(), AREA, loader, params).then((r) => jar.take(r));
  }

  /** POSTs a form to a staff page's action. */
  function post(
    jar: CookieJar,
    path: string,
    fields: Record<string, string>,
    action: Handler,
    params: Record<string, string> = {},
  ) {
    const request = formPost(path, fields, { Cookie: jar.header() });
    return runRoute(request, context(), AREA, action, params).then((r) => jar.take(r));
  }

  return { signIn, get, post };
}

/** What a refused post answers: the typed values, each field's problem, the summary. */
export type Refusal = {
  values: Record<string, string>;
  errors: Record<string, string>;
  formError: string | null;
  formId?: string;
};
