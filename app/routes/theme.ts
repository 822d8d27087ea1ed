import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/theme";
import { safeRedirect } from "~/platform/safe-redirect";
import { themeLabels, themes } from "~/theme/theme";
import { setThemeCookie } from "~/theme/theme.server";
import { redirectWithToast } from "~/platform/toast.server";

const themeForm = z.object({
  theme: z.enum(themes, { error: "Choose light, dark or system." }),
  redirectTo: z.string().optional(),
});

/** Stores the visitor's theme and sends them back to the page they were on. */
export async function action({ request }: Route.ActionArgs) {
  const submission = themeForm.safeParse(Object.fromEntries(await request.formData()));
  if (!submission.success) {
    return data({ errors: z.flattenError(submission.error).fieldErrors }, { status: 400 });
  }
  const { theme, redirectTo } = submission.data;
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
