import { useRouteLoaderData } from "react-router";
import type { loader } from "~/routes/site-layout";

/** The layout's data (settings, hours), or undefined when the layout's loader failed. */
export function useSiteFrame() {
  return useRouteLoaderData<typeof loader>("routes/site-layout");
}
