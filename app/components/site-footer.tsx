import { Brand } from "~/components/brand";
import { Link } from "~/components/link";
import { ThemeSwitch } from "~/components/theme-switch";
import { primaryNavigation, site } from "~/lib/site";

/** The footer's navigation, where the phone's menu button leads without its dialog. */
export const FOOTER_NAVIGATION_ID = "site-navigation";

export function SiteFooter() {
  return (
    <footer className="border-t border-shell-border bg-shell text-shell-foreground">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr] lg:py-16">
        <div className="max-w-sm">
          <Brand />
          <p className="mt-4 text-shell-muted">{site.description}.</p>
        </div>
        <nav id={FOOTER_NAVIGATION_ID} aria-labelledby="footer-navigation-heading">
          <h2
            id="footer-navigation-heading"
            className="font-sans text-xs font-semibold tracking-[0.2em] text-shell-muted uppercase"
          >
            Explore
          </h2>
          <ul className="mt-4 space-y-1">
            {primaryNavigation.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className="inline-flex min-h-11 items-center text-shell-foreground/85 underline-offset-4 hover:text-white hover:underline"
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="font-sans text-xs font-semibold tracking-[0.2em] text-shell-muted uppercase">
            Theme
          </h2>
          <ThemeSwitch labelled className="mt-4 [&>div]:flex [&>div]:w-full [&>div]:max-w-xs" />
        </div>
      </div>
      <div className="border-t border-shell-border">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-shell-muted sm:px-6">
          © {new Date().getFullYear()} {site.name}
        </p>
      </div>
    </footer>
  );
}
