import { Brand } from "./brand";
import { ContactLinks } from "./contact-links";
import { FooterSignUp } from "./footer-sign-up";
import { Link } from "~/platform/ui/link";
import { OpenStatus } from "~/hours/open-status";
import { ThemeSwitch } from "~/theme/theme-switch";
import { summariseWeeklyHours } from "~/hours/hours-summary";
import { torontoDate } from "~/platform/clock/toronto-time";
import { footerNavigation, primaryNavigation } from "~/site/site";
import { useSiteFrame } from "~/site/site-frame";
import { bookingLinks } from "~/settings/site-settings";

/** The footer's navigation, where the phone's menu button leads without its dialog. */
export const FOOTER_NAVIGATION_ID = "site-navigation";

const headingClass = "font-sans text-xs font-semibold tracking-[0.2em] text-shell-muted uppercase";
const linkClass =
  "inline-flex min-h-11 items-center gap-2 text-shell-foreground/85 underline-offset-4 hover:text-white hover:underline";

/** The year as the server saw it when rendering, so the browser's clock cannot disagree. */
function copyrightYear(renderedAt: string | undefined): string {
  return torontoDate(renderedAt ? new Date(renderedAt) : new Date()).slice(0, 4);
}

/** A list item linking to each of the site's `pages`. */
function PageLinkItems({ pages }: { pages: readonly { to: string; label: string }[] }) {
  return pages.map((page) => (
    <li key={page.to}>
      <Link to={page.to} className={linkClass}>
        {page.label}
      </Link>
    </li>
  ));
}

export function SiteFooter() {
  const frame = useSiteFrame();
  const settings = frame?.settings;

  return (
    <footer className="border-t border-shell-border bg-shell text-shell-foreground">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-[1.4fr_1fr_0.8fr_1fr] lg:py-16">
        <div className="max-w-sm">
          <Brand />
          {settings?.description ? (
            <p className="mt-4 text-shell-muted">{settings.description}.</p>
          ) : null}
          {frame ? (
            <OpenStatus
              schedule={frame.schedule}
              renderedAt={frame.renderedAt}
              className="mt-5 text-shell-foreground"
            />
          ) : null}
          {settings ? (
            <ContactLinks
              settings={settings}
              className="mt-4 flex flex-col items-start not-italic"
              linkClassName={linkClass}
              iconClassName="size-4 shrink-0 text-shell-accent"
            />
          ) : null}
        </div>
        {frame ? (
          <div>
            <h2 className={headingClass}>Hours</h2>
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              {summariseWeeklyHours(frame.schedule.weekly).map((line) => (
                <div key={line.days} className="contents">
                  <dt className="font-semibold text-shell-foreground">{line.days}</dt>
                  <dd className="text-shell-foreground/85">{line.hours}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-3 text-sm text-shell-muted">
              <Link to="/contact#hours" className="underline underline-offset-4 hover:text-white">
                Holiday hours and kitchen times
              </Link>
            </p>
          </div>
        ) : null}
        <nav id={FOOTER_NAVIGATION_ID} aria-labelledby="footer-navigation-heading">
          <h2 id="footer-navigation-heading" className={headingClass}>
            Explore
          </h2>
          <ul className="mt-4 space-y-1">
            <PageLinkItems pages={primaryNavigation} />
            {/* Where the phone's menu button leads without its dialog, which holds them too. */}
            {settings
              ? bookingLinks(settings).map((link) => (
                  <li key={link.kind}>
                    <a href={link.href} className={linkClass}>
                      {link.label}
                    </a>
                  </li>
                ))
              : null}
          </ul>
        </nav>
        <div>
          <h2 className={headingClass}>Theme</h2>
          <ThemeSwitch labelled className="mt-4 [&>div]:flex [&>div]:w-full [&>div]:max-w-xs" />
          {settings && settings.socialLinks.length > 0 ? (
            <>
              <h2 className={`${headingClass} mt-8`}>Follow</h2>
              <ul className="mt-3 flex flex-wrap gap-x-5">
                {settings.socialLinks.map((link) => (
                  <li key={link.url}>
                    <a href={link.url} rel="me noopener" className={`${linkClass} capitalize`}>
                      {link.network}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      </div>
      <div className="border-t border-shell-border">
        <FooterSignUp headingClass={headingClass} />
      </div>
      <div className="border-t border-shell-border">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-4 text-sm text-shell-muted sm:px-6">
          <p>
            © {copyrightYear(frame?.renderedAt)} {settings?.name}
          </p>
          <ul className="flex flex-wrap gap-x-6" aria-label="About this site">
            <PageLinkItems pages={footerNavigation} />
          </ul>
        </div>
      </div>
    </footer>
  );
}
