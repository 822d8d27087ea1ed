import { useRouteLoaderData } from "react-router";
import type { PublicEnv } from "./env.server";

/** The values of the server's environment the browser may see (the root loader sends them). */
export function usePublicEnv(): Partial<PublicEnv> {
  return useRouteLoaderData<{ publicEnv: PublicEnv }>("root")?.publicEnv ?? {};
}
