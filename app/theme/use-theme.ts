import { useFetchers, useRouteLoaderData } from "react-router";
import { isTheme, type Theme } from "./theme";

export const THEME_ACTION = "/theme";

/**
 * The theme to render: the one being submitted right now if there is one
 * (so the switch feels instant), else the stored one.
 */
export function useTheme(): Theme {
  const rootData = useRouteLoaderData<{ theme: Theme }>("root");
  const pending = useFetchers()
    .find((fetcher) => fetcher.formAction === THEME_ACTION)
    ?.formData?.get("theme");
  if (isTheme(pending)) return pending;
  return rootData?.theme ?? "system";
}
