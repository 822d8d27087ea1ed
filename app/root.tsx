import { useEffect, type ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, data, useMatches } from "react-router";
import type { Route } from "./+types/root";
import { DeploymentWatcher } from "~/components/deployment-watcher";
import { FramedErrorView } from "~/components/site-chrome";
import { NavigationProgress } from "~/components/navigation-progress";
import { PageFocus } from "~/components/page-focus";
import { SiteStylesheet } from "~/components/site-stylesheet";
import { Toaster, showToast } from "~/platform/ui/toaster";
import { useHydrated } from "~/platform/use-hydrated";
import { KeepLoaderData } from "~/platform/kept-loader-data";
import { useTheme } from "~/theme/use-theme";
import { env, getPublicEnv } from "~/platform/env.server";
import { siteOrigin } from "~/platform/site-origin.server";
import { getTheme } from "~/theme/theme.server";
import { getToast } from "~/platform/toast.server";
import { siteFrameFromMatches } from "~/site/meta";
import { rememberTorontoOffsets } from "~/platform/clock/toronto-time";
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

// Pages set their own titles, error views theirs; what a page without meta inherits.
export const meta: Route.MetaFunction = ({ matches }) => {
  const description = siteFrameFromMatches(matches)?.settings.description;
  return description ? [{ name: "description", content: description }] : [];
};

export async function loader({ request }: Route.LoaderArgs) {
  const [theme, { toast, headers }] = await Promise.all([getTheme(request), getToast(request)]);
  return data(
    {
      theme,
      toast,
      origin: siteOrigin(request),
      publicEnv: getPublicEnv(env),
    },
    { headers },
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const theme = useTheme();
  // Marks a page whose scripts have taken over, for styles (and tests) that care.
  const hydrated = useHydrated();
  // Before anything asks what time it is in Toronto (the pages' meta, the
  // status line, the footer, event dates): the browser then works it out
  // from the site layout's offsets, without Intl.
  const offsets = siteFrameFromMatches(useMatches())?.torontoOffsets;
  if (offsets) rememberTorontoOffsets(offsets);
  return (
    <html lang="en" dir="ltr" className={theme} data-hydrated={hydrated ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#000000" />
        <Meta />
        {/* Stylesheets and icons need no nonce under our policy; browsers hide
            nonce values, so an empty one is what hydration sees either way. */}
        <Links nonce="" />
        <SiteStylesheet />
      </head>
      <body>
        <KeepLoaderData />
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const theme = useTheme();
  const { toast } = loaderData;

  useEffect(() => {
    if (toast) showToast(toast);
  }, [toast]);

  return (
    <>
      <NavigationProgress />
      <PageFocus />
      <Outlet />
      <Toaster theme={theme} />
      <DeploymentWatcher />
    </>
  );
}

/**
 * Only when the root itself fails (page errors render inside the site
 * layout, with its details): the site's header and footer still frame it.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <FramedErrorView error={error} />;
}
