import { RouterContextProvider } from "react-router";

/**
 * The arguments React Router passes a loader, action or middleware, for
 * calling one directly in a test.
 */
export function routeArgs<Params extends Record<string, string | undefined> = Record<never, never>>(
  request: Request,
  { params = {} as Params, context = new RouterContextProvider() } = {},
) {
  const url = new URL(request.url);
  return { request, url, pattern: url.pathname, params, context };
}

/** A form post as a browser on this site sends it. */
export function formPost(
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Request {
  return new Request(new URL(path, "http://localhost"), {
    method: "POST",
    headers: { "Sec-Fetch-Site": "same-origin", Origin: "http://localhost", ...headers },
    body: new URLSearchParams(fields),
  });
}

/** What a thrown loader or action result was, for asserting on it. */
export async function caught(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (thrown) {
    return thrown;
  }
  throw new Error("expected the call to throw, but it returned");
}
