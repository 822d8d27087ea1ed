import { randomUUID } from "node:crypto";
import path from "node:path";
import type { MiddlewareFunction } from "react-router";
import { expect } from "vitest";
import { formPost } from "./route-args";
import { CookieJar, runRoute } from "./staff-requests";
import type { TestDatabase } from "./test-database";
import { contextWithDatabase } from "./test-database";
import {
  embeddedAuthBackend,
  type AuthBackend,
  type AuthEmailHook,
} from "~/platform/auth-backend.server";
import { generateSigningKey } from "~/platform/auth-service/signing-key.server";
import {
  authBackendContext,
  clientAddressContext,
  imageStoreContext,
  type ImageStore,
} from "~/platform/context";
import { directoryUploadStore } from "~/platform/upload-store.server";
import { addStaff } from "~/staff/accounts/add-staff.server";
import { requireStaff, staffSession } from "~/staff/accounts/session.server";
import { action as signInAction } from "../../app/routes/staff/sign-in";

/** The staff layout's middleware, and the signed-in area's. */
export const STAFF_LAYOUT: MiddlewareFunction<Response>[] = [staffSession];
export const STAFF_AREA: MiddlewareFunction<Response>[] = [staffSession, requireStaff];

/** The password every staff member the harness makes signs in with. */
export const PASSWORD = "correct horse battery staple";

/** A route's loader or action, as the harness calls it. */
type Handler = (args: never) => unknown;

/** What a form post carries: fields by name, fields that may repeat, or a multipart body. */
export type PostFields = Record<string, string> | [string, string][] | FormData;

/** What a refused post answers: the typed values, each field's problem, the summary. */
export type Refusal = {
  values: Record<string, string>;
  errors: Record<string, string>;
  formError: string | null;
  formId?: string;
};

/** An image store for tests: the site's own pictures, with cache and uploads under `root`. */
export function testImageStore(root: string): ImageStore {
  return {
    sourceDirectory: path.resolve("public/images"),
    cacheDirectory: path.join(root, "cache"),
    uploads: directoryUploadStore(path.join(root, "uploads")),
  };
}

/** A browser signed in as a staff member: its cookies, and who they are. */
export type SignedInJar = CookieJar & { email: string; userId: string };

/**
 * A staff area over `db` with the embedded sign-in service, for route tests:
 * staff members made as the `staff-add` command makes them, signed in through
 * the sign-in action, and requests that carry their cookies through the staff
 * area's middleware as the server would run them. With `sendEmail`, the
 * service hands its recovery and invitation mails to it, as the server's does;
 * with `backend`, another sign-in service (a Supabase project's) is used instead.
 */
export function staffHarness(
  db: TestDatabase,
  {
    imageStore,
    sendEmail,
    backend = embeddedAuthBackend(db, generateSigningKey(), { sendEmail }),
  }: { imageStore?: ImageStore; sendEmail?: AuthEmailHook; backend?: AuthBackend } = {},
) {
  /**
   * A request context as the server gives one, from a random client address
   * unless `address` names one, with the harness's sign-in service unless
   * `auth` is another.
   */
  function context({ address, auth = backend }: { address?: string; auth?: AuthBackend } = {}) {
    const provided = contextWithDatabase(db);
    if (imageStore) provided.set(imageStoreContext, imageStore);
    provided.set(authBackendContext, async () => auth);
    provided.set(
      clientAddressContext,
      address ?? `203.0.113.${Math.floor(Math.random() * 250) + 1}`,
    );
    return provided;
  }

  /** A new staff member with `role`, not signed in. */
  async function member(role: "owner" | "editor" = "editor") {
    const email = `staff-${randomUUID()}@example.com`;
    const { userId } = await addStaff(db, backend, { email, role, password: PASSWORD });
    return { email, userId };
  }

  /** Posts the sign-in form as a fresh browser: its jar and the answer, whatever it is. */
  async function signIn(email: string, password = PASSWORD) {
    const jar = new CookieJar();
    const response = jar.take(
      await runRoute(
        formPost("/staff/sign-in", { email, password, redirectTo: "/staff" }),
        context(),
        STAFF_LAYOUT,
        signInAction,
      ),
    );
    return { jar, response };
  }

  /** A jar holding a fresh session of a new staff member. */
  async function signedIn(role: "owner" | "editor" = "editor"): Promise<SignedInJar> {
    const { email, userId } = await member(role);
    const { jar, response } = await signIn(email);
    expect(response).toHaveRedirect("/staff");
    return Object.assign(jar, { email, userId });
  }

  /** A GET of `path` from `jar`'s browser. */
  function get(path: string, jar: CookieJar) {
    return new Request(new URL(path, "http://localhost"), { headers: { Cookie: jar.header() } });
  }

  /** A same-site form post to `path` from `jar`'s browser, urlencoded or multipart. */
  function post(path: string, fields: PostFields, jar: CookieJar) {
    return new Request(new URL(path, "http://localhost"), {
      method: "POST",
      headers: {
        "Sec-Fetch-Site": "same-origin",
        Origin: "http://localhost",
        Cookie: jar.header(),
      },
      body: fields instanceof FormData ? fields : new URLSearchParams(fields),
    });
  }

  /** Runs a handler of the signed-in area as `jar`'s browser would reach it. */
  function run(request: Request, jar: CookieJar, handler: Handler, params = {}) {
    return runIn(STAFF_AREA, request, jar, handler, params);
  }

  /**
   * Runs a handler of the staff pages open to anyone (sign-in, sign-out, the
   * setup and password pages) as `jar`'s browser would reach it.
   */
  function runOpen(request: Request, jar: CookieJar, handler: Handler, params = {}) {
    return runIn(STAFF_LAYOUT, request, jar, handler, params);
  }

  async function runIn(
    middleware: MiddlewareFunction<Response>[],
    request: Request,
    jar: CookieJar,
    handler: Handler,
    params: Record<string, string>,
  ) {
    return jar.take(await runRoute(request, context(), middleware, handler, params));
  }

  /** GETs a staff page's loader as `jar`'s browser. */
  function load(
    jar: CookieJar,
    path: string,
    loader: Handler,
    params: Record<string, string> = {},
  ) {
    return run(get(path, jar), jar, loader, params);
  }

  /** POSTs a form to a staff page's action as `jar`'s browser. */
  function submit(
    jar: CookieJar,
    path: string,
    fields: PostFields,
    action: Handler,
    params: Record<string, string> = {},
  ) {
    return run(post(path, fields, jar), jar, action, params);
  }

  /** `load` for the page at `path`: a function of the browser (and, for a query, the address). */
  const pageAt =
    (path: string, loader: Handler) =>
    (jar: CookieJar, at = path) =>
      load(jar, at, loader);

  /** `submit` for the form at `path`: a function of the browser and the fields. */
  const formAt = (path: string, action: Handler) => (jar: CookieJar, fields: PostFields) =>
    submit(jar, path, fields, action);

  return {
    backend,
    context,
    member,
    signIn,
    signedIn,
    get,
    post,
    run,
    runOpen,
    load,
    submit,
    pageAt,
    formAt,
  };
}

/** The staff area of `staffHarness`. */
export type StaffHarness = ReturnType<typeof staffHarness>;

/**
 * A post refused because `field` is over its limit: 400, the message by the
 * field saying how long it is, and every field given back exactly as sent,
 * the long one whole (nothing trimmed or cut to fit).
 */
export async function expectRefusedWhole(
  response: Response,
  sent: Record<string, string>,
  field: string,
): Promise<Refusal> {
  expect(response.status).toBe(400);
  const body = (await response.json()) as Refusal;
  expect(body.errors[field]).toMatch(/characters or fewer\b.*\. It has [\d,]+\.$/);
  for (const [name, value] of Object.entries(sent)) {
    if (name !== "form-id" && name in body.values) expect(body.values[name]).toBe(value);
  }
  expect(body.values[field]).toBe(sent[field]);
  return body;
}
