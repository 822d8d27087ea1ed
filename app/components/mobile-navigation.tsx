import { MenuIcon } from "lucide-react";
import { useState } from "react";
import { NavLink } from "~/components/link";
import { ThemeSwitch } from "~/components/theme-switch";
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from "~/components/ui/sheet";
import { useHydrated } from "~/hooks/use-hydrated";
import { cn } from "~/lib/cn";
import { primaryNavigation, site } from "~/lib/site";

const triggerClass =
  "inline-flex size-11 items-center justify-center text-shell-foreground hover:bg-white/10";

/**
 * The navigation on small screens, in a dialog. Before the page is
 * interactive (or without JavaScript) the button is a link to the footer's
 * navigation instead.
 */
export function MobileNavigation({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();

  if (!hydrated) {
    return (
      <a href="#site-navigation" className={cn(triggerClass, className)}>
        <MenuIcon aria-hidden="true" className="size-6" />
        <span className="sr-only">Site navigation</span>
      </a>
    );
  }

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger className={cn(triggerClass, className)} aria-label="Open site navigation">
        <MenuIcon aria-hidden="true" className="size-6" />
      </SheetTrigger>
      <SheetContent closeLabel="Close site navigation">
        <div className="border-b border-shell-border px-6 pt-6 pb-5">
          <SheetTitle>{site.shortName}</SheetTitle>
          <p className="mt-1 text-sm text-shell-muted">{site.description}</p>
        </div>
        <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
          <ul>
            {primaryNavigation.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end
                  onClick={() => setOpen(false)}
                  className={({ isActive }) =>
                    cn(
                      "flex items-center border-l-4 px-4 py-3 font-display text-2xl transition-colors",
                      isActive
                        ? "border-shell-accent text-white"
                        : "border-transparent text-shell-foreground/80 hover:text-white",
                    )
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t border-shell-border px-6 py-5">
          <p className="mb-3 text-xs font-semibold tracking-[0.2em] text-shell-muted uppercase">
            Theme
          </p>
          <ThemeSwitch labelled className="[&>div]:flex [&>div]:w-full" />
        </div>
      </SheetContent>
    </Sheet>
  );
}
