import type { Route } from "./+types/theme";
import { checkPost, readPost, refusePost } from "~/platform/forms/form-post.server";
import { safeRedirect } from "~/platform/safe-redirect";
import { redirectWithToast } from "~/platform/toast.server";
import { themeForm, themeLabels } from "~/theme/theme";
import { setThemeCookie } from "~/theme/theme.server";

/** Stores the visitor's theme and sends them back to the page they were on. */
export async function action({ request }: Route.ActionArgs) {
  const checked = await checkPost((await readPost(request)).form, themeForm, undefined);
  if (!checked.ok) return refusePost(themeForm, checked.values, checked.errors);
  const { theme, redirectTo } = checked.data;
  return redirectWithToast(
    safeRedirect(redirectTo),
    {
      type: "success",
      title:
        theme === "system"
          ? "The theme now follows your device."
          : `${themeLabels[theme]} theme on.`,
    },
    { headers: { "Set-Cookie": await setThemeCookie(theme) } },
  );
}

/** The theme is changed by posting the form; there is nothing to show here. */
export function loader() {
  throw new Response("Method Not Allowed: change the theme with a POST.", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}
