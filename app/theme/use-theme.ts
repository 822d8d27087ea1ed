import { useFetchers } from "react-router";
import { useKeptRouteLoaderData } from "~/platform/kept-loader-data";
import { isTheme, type Theme } from "./theme";

export const THEME_ACTION = "/theme";

/**
 * The theme to render: the one being submitted right now if there is one
 * (so the switch feels instant), else the stored one.
 */
export function useTheme(): Theme {
  // The last stored theme the page had, should a later request for it fail.
  const rootData = useKeptRouteLoaderData<{ theme: Theme }>("root");
  const pending = useFetchers()
    .find((fetcher) => fetcher.formAction === THEME_ACTION)
    ?.formData?.get("theme");
  if (isTheme(pending)) return pending;
  return rootData?.theme ?? "system";
}
