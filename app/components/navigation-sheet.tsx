import { useRef, type RefObject } from "react";
import { BookingLinkRow } from "./booking-links";
import { NavLink } from "~/platform/ui/link";
import { ThemeSwitch } from "~/theme/theme-switch";
import { Sheet, SheetContent, SheetTitle } from "~/platform/ui/sheet";
import { cn } from "~/platform/cn";
import { primaryNavigation } from "~/site/site";
import { useSiteFrame, useSiteIdentity } from "~/site/site-frame";

// Loaded on demand by ./mobile-navigation.tsx.

export function NavigationSheet({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const site = useSiteIdentity();
  const settings = useSiteFrame()?.settings;
  const navigation = useRef<HTMLElement>(null);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        closeLabel="Close site navigation"
        // Radix would start on the first control that is not a link: the
        // theme buttons, where Enter changes the theme. The links come first.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          navigation.current?.querySelector("a")?.focus();
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        {/* Nothing shrinks: on a short screen the whole sheet scrolls, never a strip of it. */}
        <div className="shrink-0 border-b border-shell-border px-6 pt-6 pb-5">
          <SheetTitle>{site?.shortName ?? "Site navigation"}</SheetTitle>
          {site?.description ? (
            <p className="mt-1 text-sm text-shell-muted">{site.description}</p>
          ) : null}
        </div>
        <nav ref={navigation} aria-label="Main" className="flex-1 shrink-0 px-3 py-4">
          <ul>
            {primaryNavigation.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end
                  onClick={() => onOpenChange(false)}
                  className={({ isActive }) =>
                    cn(
                      "flex items-center border-l-4 px-4 py-3 font-display text-2xl transition-colors",
                      isActive
                        ? "border-shell-accent text-white forced-colors:border-[CanvasText]"
                        : "border-transparent text-shell-foreground/80 hover:text-white forced-colors:border-[Canvas]",
                    )
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {settings ? (
          <BookingLinkRow
            settings={settings}
            variant="shell"
            className="shrink-0 flex-col border-t border-shell-border px-6 py-5"
          />
        ) : null}
        <div className="shrink-0 border-t border-shell-border px-4 py-5 min-[22.5rem]:px-6">
          <p className="mb-3 text-xs font-semibold tracking-[0.2em] text-shell-muted uppercase">
            Theme
          </p>
          <ThemeSwitch labelled className="[&>div]:flex [&>div]:w-full" />
        </div>
      </SheetContent>
    </Sheet>
  );
}
