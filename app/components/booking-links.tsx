import { CalendarCheckIcon, ShoppingBagIcon } from "lucide-react";
import { buttonVariants, type ButtonVariants } from "~/platform/ui/button";
import { cn } from "~/platform/cn";
import { bookingLinks, type SiteSettings } from "~/settings/site-settings";

const icons = { reservations: CalendarCheckIcon, ordering: ShoppingBagIcon } as const;

/**
 * "Book a table" and "Order online" as buttons, for the links staff saved in
 * the site's details; nothing when neither is set. They are ordinary links
 * to the booking and ordering services (no new tab), named by their words;
 * the caller lays them out among its own buttons.
 */
export function BookingLinks({
  settings,
  variant = "outline",
  size,
  className,
}: {
  settings: Pick<SiteSettings, "acceptsReservations" | "reservationUrl" | "orderingUrl">;
  className?: string;
} & ButtonVariants) {
  return bookingLinks(settings).map((link) => {
    const Icon = icons[link.kind];
    return (
      <a
        key={link.kind}
        href={link.href}
        className={cn(buttonVariants({ variant, size }), className)}
      >
        <Icon aria-hidden="true" />
        {link.label}
      </a>
    );
  });
}

/** The buttons in a row of their own, or nothing when staff have saved neither link. */
export function BookingLinkRow({
  settings,
  className,
  ...variants
}: {
  settings: Pick<SiteSettings, "acceptsReservations" | "reservationUrl" | "orderingUrl">;
  className?: string;
} & ButtonVariants) {
  if (bookingLinks(settings).length === 0) return null;
  return (
    <div className={cn("flex flex-wrap gap-3", className)}>
      <BookingLinks settings={settings} {...variants} />
    </div>
  );
}
