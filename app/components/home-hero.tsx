import { ArrowRightIcon, ClockIcon } from "lucide-react";
import type { Picture } from "~/images/pictures";
import { PlacedPicture } from "~/images/placed-picture";
import { formatDayLine } from "~/hours/hours-summary";
import { OpenStatus } from "~/hours/open-status";
import type { OpeningSchedule, WeekDayHours } from "~/hours/opening-hours";
import { formatWallTime } from "~/platform/clock/time-words";
import { buttonVariants } from "~/platform/ui/button";
import { Link } from "~/platform/ui/link";
import { bookingLinks, type SiteSettings } from "~/settings/site-settings";
import { BookingLinks } from "./booking-links";
import { ContactLinks } from "./contact-links";

type HomeHeroProps = {
  settings: SiteSettings;
  schedule: OpeningSchedule;
  renderedAt: string;
  week: WeekDayHours[];
  hero: Picture | null;
};

/**
 * Open now (with the kitchen and "Closing soon"), today's hours, the
 * address as a maps link and the phone: what a diner deciding where to eat
 * needs at a glance, on the first screen of a phone.
 */
function TodayAtThePub({ settings, schedule, renderedAt, week }: Omit<HomeHeroProps, "hero">) {
  const today = week.find((day) => day.isToday);
  const kitchen = today?.hours?.kitchenClosesAt;
  return (
    <div className="mt-5 max-w-xl border border-shell-border bg-black/70 px-4 py-3 sm:mt-8 sm:px-5 sm:py-4">
      <OpenStatus
        schedule={schedule}
        renderedAt={renderedAt}
        className="min-h-8 text-base text-white sm:text-lg"
      />
      {today ? (
        <p className="flex items-start gap-3 pb-1 text-shell-foreground/85">
          <ClockIcon aria-hidden="true" className="mt-1 size-4 shrink-0 text-shell-accent" />
          <span>
            <span className="font-semibold text-white">Today</span>{" "}
            {formatDayLine(today.hours, today.note)}
            {kitchen ? ` · kitchen until ${formatWallTime(kitchen)}` : null}
          </span>
        </p>
      ) : null}
      <ContactLinks
        settings={settings}
        className="flex flex-col items-start text-shell-foreground/85 not-italic"
        linkClassName="inline-flex min-h-11 items-center gap-3 underline-offset-4 hover:text-white hover:underline"
        iconClassName="size-4 shrink-0 text-shell-accent"
        callWord
        withEmail={false}
      />
    </div>
  );
}

/** A way in after the first: a step smaller on a phone, as large on wider screens. */
const secondaryAction = buttonVariants({
  variant: "shell",
  className: "sm:h-14 sm:px-8 sm:text-xl",
});

/**
 * The home page's first screen: the pub's name and what it is, today at the
 * pub, the ways in (a table, an order, the menu, the room), and the picture.
 */
export function HomeHero(props: HomeHeroProps) {
  const { settings, hero } = props;
  const hasBookingLinks = bookingLinks(settings).length > 0;
  return (
    <section
      aria-labelledby="home-title"
      className="relative isolate flex flex-col overflow-hidden bg-shell text-shell-foreground lg:min-h-[40rem]"
    >
      {/* On a phone the first screen answers what a diner asks first: is it
          open, until when, where, how to call, and the way in (a table, an
          order or the menu); the picture follows. */}
      <div className="mx-auto w-full max-w-6xl px-4 pt-6 pb-8 sm:px-6 sm:pt-16 sm:pb-12 lg:py-20">
        {/* The address is said once, as a maps link in the panel below. */}
        <h1
          id="home-title"
          className="max-w-3xl text-[2.75rem] leading-[0.95] tracking-tight text-white sm:text-7xl"
        >
          {settings.name}
        </h1>
        {/* The pub's own words (its description in the settings), none of the site's. */}
        <p className="mt-3 max-w-xl text-shell-foreground/85 sm:mt-5 sm:text-xl">
          {settings.description}.
        </p>
        <TodayAtThePub {...props} />
        {/* The way in first: a table or an order when staff set them, else the menu. */}
        <div className="mt-5 grid gap-3 sm:mt-8 sm:flex sm:flex-wrap">
          {hasBookingLinks ? (
            <>
              <BookingLinks settings={settings} variant="default" size="lg" />
              <Link to="/menu" className={secondaryAction}>
                See the menu
              </Link>
            </>
          ) : (
            <Link to="/menu" className={buttonVariants({ size: "lg" })}>
              See the menu
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          )}
          <Link to="/venue" className={secondaryAction}>
            Book the room
          </Link>
        </div>
      </div>
      {/* After the words in the page's order, so a phone that paints the
          page as it streams in never shows the picture first and then
          moves it; on wide screens it sits behind them. */}
      {hero ? (
        <div className="lg:absolute lg:inset-0 lg:-z-10">
          <PlacedPicture
            picture={hero}
            place="hero"
            priority
            className="h-auto w-full lg:h-full lg:object-cover"
          />
          <div
            aria-hidden="true"
            className="absolute inset-0 hidden bg-gradient-to-r from-black via-black/80 to-black/10 lg:block"
          />
        </div>
      ) : null}
    </section>
  );
}
