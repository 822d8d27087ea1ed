import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { routeArgs } from "./route-args";
import { listensOn } from "~/platform/site-origin.server";

// The requests these tests make are addressed to http://localhost, as to a
// site this machine serves on port 80: its own loopback origin, which links
// to the staff pages may name without SITE_URL.
listensOn(80);

/**
 * Runs a staff route as React Router does: its middleware chain around the
 * loader or action, with what the handler returns or throws turned into the
 * Response the browser would get (a thrown redirect or `data(...)` included),
 * so the middleware's cookies and headers land on it.
 */
export async function runRoute(
  request: Request,
  context: RouterContextProvider,
  middleware: readonly MiddlewareFunction<Response>[],
  // A route's own handler types its params; any handler takes these arguments.
  handler: (args: never) => unknown,
  params: Record<string, string> = {},
): Promise<Response> {
  const args = routeArgs(request, { context, params });
  const run = async (index: number): Promise<Response> => {
    const current = middleware[index];
    if (!current) return asResponse(() => handler(args as never));
    let response: Response | undefined;
    try {
      response = (await current(args, async () => (response = await run(index + 1)))) as
        Response | undefined;
    } catch (thrown) {
      return toResponse(thrown);
    }
    return response ?? (await run(index + 1));
  };
  return run(0);
}

async function asResponse(handle: () => unknown): Promise<Response> {
  try {
    return toResponse(await handle());
  } catch (thrown) {
    return toResponse(thrown);
  }
}

function toResponse(value: unknown): Response {
  if (value instanceof Response) return value;
  if (isData(value)) {
    const init = value.init ?? {};
    const headers = new Headers(init.headers);
    headers.set("Content-Type", "application/json");
    return new Response(JSON.stringify(value.data), { status: init.status ?? 200, headers });
  }
  if (value instanceof Error) throw value;
  return Response.json(value ?? null);
}

function isData(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "DataWithResponseInit"
  );
}

/** A cookie jar of one browser: what responses set, sent back with each request. */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  /** Keeps the cookies a response sets and forgets those it deletes. */
  take(response: Response): Response {
    for (const header of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = header.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  names(): string[] {
    return [...this.cookies.keys()].sort();
  }
}
