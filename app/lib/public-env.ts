import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

/** The values of the server's environment the browser may see (the root loader sends them). */
export function usePublicEnv(): { SITE_URL?: string; TURNSTILE_SITE_KEY?: string } {
  return useRouteLoaderData<typeof loader>("root")?.publicEnv ?? {};
}
