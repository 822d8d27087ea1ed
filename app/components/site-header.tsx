import { BookingLinks } from "./booking-links";
import { Brand } from "./brand";
import { NavLink } from "~/platform/ui/link";
import { MobileNavigation } from "./mobile-navigation";
import { ThemeSwitch } from "~/theme/theme-switch";
import { cn } from "~/platform/cn";
import { primaryNavigation } from "~/site/site";
import { useSiteFrame } from "~/site/site-frame";
import { bookingLinks } from "~/settings/site-settings";

export function SiteHeader() {
  const settings = useSiteFrame()?.settings;
  return (
    <header className="site-header sticky top-0 z-30 border-b border-shell-border bg-shell text-shell-foreground short:relative">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6 lg:h-20">
        <Brand />
        <nav aria-label="Main" className="ml-auto hidden md:block">
          <ul className="flex items-center gap-1">
            {primaryNavigation.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end
                  className={({ isActive }) =>
                    cn(
                      "relative inline-flex h-11 items-center px-3 text-[0.9375rem] font-medium transition-colors after:absolute after:inset-x-3 after:bottom-1 after:h-0.5 after:transition-colors lg:px-4 lg:after:inset-x-4",
                      isActive
                        ? "text-white after:bg-shell-accent forced-colors:after:bg-[CanvasText]"
                        : "text-shell-foreground/75 after:bg-transparent hover:text-white",
                    )
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {/* Only where the header has room for them; on phones the menu holds them. */}
        {settings && bookingLinks(settings).length > 0 ? (
          <div className="hidden items-center gap-2 xl:flex">
            <BookingLinks settings={settings} variant="shell" size="sm" />
          </div>
        ) : null}
        <ThemeSwitch className="hidden md:block" />
        <MobileNavigation className="-mr-2 ml-auto md:hidden" />
      </div>
    </header>
  );
}
