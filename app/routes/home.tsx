import { ArrowRightIcon, ClockIcon, MapPinIcon, PhoneIcon } from "lucide-react";
import { pageNextChange } from "~/platform/context";
import type { Route } from "./+types/home";
import { BookingLinks } from "~/components/booking-links";
import { DirectionsLinks } from "~/components/directions-links";
import { EventList } from "~/events/event-list";
import { JsonLd } from "~/components/json-ld";
import { DietaryTags } from "~/menu/dietary-tags";
import { Link } from "~/platform/ui/link";
import { OpenStatus } from "~/hours/open-status";
import { ResponsiveImage } from "~/images/responsive-image";
import { SectionHeading } from "~/components/section-heading";
import { buttonVariants } from "~/platform/ui/button";
import { cn } from "~/platform/cn";
import { WeekHoursTable } from "~/hours/week-hours-table";
import { pictureFor, withPictures } from "~/images/pictures.server";
import { shareImageUrls } from "~/images/pictures";
import { siteContent } from "~/site/site-content.server";
import {
  formatLongDate,
  formatTimeRange,
  torontoDateTime,
  formatWallTime,
} from "~/platform/clock/time-words";
import { eventPath } from "~/events/events";
import { featuredItems } from "~/menu/menu";
import { pageMeta } from "~/site/meta";
import { torontoDate } from "~/platform/clock/toronto-time";
import { weekHours } from "~/hours/opening-hours";
import { publicPageHeaders } from "~/platform/page-headers";
import { formatPrice } from "~/platform/money";
import {
  bookingLinks,
  directionsLinks,
  formatAddress,
  telephoneHref,
} from "~/settings/site-settings";
import { formatDayLine } from "~/hours/hours-summary";
import { specialsToday } from "~/specials/specials";
import { useSiteOrigin } from "~/site/site-frame";
import { eventsJsonLd, serializeJsonLd } from "~/site/structured-data";

export async function loader({ context }: Route.LoaderArgs) {
  const content = siteContent(context);
  const now = new Date();
  const today = torontoDate(now);
  const [settings, schedule, menu, specials, events] = await Promise.all([
    content.settings(),
    content.schedule(now),
    content.menu(now),
    content.specials(now),
    content.upcomingEvents(now, 3),
  ]);
  const [hero, featured, pictured] = await Promise.all([
    pictureFor(context, settings.heroImage),
    withPictures(context, featuredItems(menu, 6)),
    withPictures(context, events),
  ]);
  return {
    settings,
    schedule,
    renderedAt: now.toISOString(),
    today,
    todaysSpecials: specialsToday(now, specials),
    week: weekHours(now, schedule),
    featured,
    events: pictured,
    hero,
    nextChangeAt: pageNextChange(context),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        title: loaderData.settings.name,
        description: `${loaderData.settings.description}. Hours, today's specials, the menu and what's on, on Dundas Street in downtown London.`,
        path: "/",
        matches,
      })
    : [];

export const headers = publicPageHeaders;

/** The coming events as schema.org data, built from what the page lists. */
function EventsStructuredData({
  events,
  settings,
}: Pick<Route.ComponentProps["loaderData"], "events" | "settings">) {
  const origin = useSiteOrigin();
  if (!origin) return null;
  const json = eventsJsonLd({ events, settings, origin, imageUrlFor: shareImageUrls(events) });
  return <JsonLd json={serializeJsonLd(json)} />;
}

/**
 * Open now (with the kitchen and "Closing soon"), today's hours, the
 * address as a maps link and the phone: what a diner deciding where to eat
 * needs at a glance, on the first screen of a phone.
 */
function TodayAtThePub({
  settings,
  schedule,
  renderedAt,
  week,
}: Pick<Route.ComponentProps["loaderData"], "settings" | "schedule" | "renderedAt" | "week">) {
  const today = week.find((day) => day.isToday);
  const kitchen = today?.hours?.kitchenClosesAt;
  const linkClass =
    "inline-flex min-h-11 items-center gap-3 underline-offset-4 hover:text-white hover:underline";
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
      <address className="flex flex-col items-start text-shell-foreground/85 not-italic">
        <a href={directionsLinks(settings).google} className={linkClass}>
          <MapPinIcon aria-hidden="true" className="size-4 shrink-0 text-shell-accent" />
          {formatAddress(settings)}
        </a>
        <a href={telephoneHref(settings.phone)} className={linkClass}>
          <PhoneIcon aria-hidden="true" className="size-4 shrink-0 text-shell-accent" />
          Call {settings.phone}
        </a>
      </address>
    </div>
  );
}

/** A way in after the first: a step smaller on a phone, as large on wider screens. */
const secondaryAction = buttonVariants({
  variant: "shell",
  className: "sm:h-14 sm:px-8 sm:text-xl",
});

export default function Home({ loaderData }: Route.ComponentProps) {
  const { settings, schedule, renderedAt, hero, todaysSpecials, featured, events, week, today } =
    loaderData;
  const directions = directionsLinks(settings);
  const hasBookingLinks = bookingLinks(settings).length > 0;
  const tonight = events.filter(
    (event) => event.status !== "cancelled" && torontoDateTime(event.startsAt).date === today,
  );

  return (
    <>
      {events.length > 0 ? <EventsStructuredData events={events} settings={settings} /> : null}
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
          <p className="mt-3 max-w-xl text-shell-foreground/85 sm:mt-5 sm:text-xl">
            {settings.description}.
            <span className="hidden sm:inline">
              {" "}
              Proper pub food, Ontario beer on tap and a room for every occasion.
            </span>
          </p>
          <TodayAtThePub
            settings={settings}
            schedule={schedule}
            renderedAt={renderedAt}
            week={week}
          />
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
            <ResponsiveImage
              image={hero.source}
              alt={hero.alt}
              sizes="100vw"
              aspectRatio={16 / 9}
              maxWidth={1536}
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

      <section aria-labelledby="specials-title" className="border-b border-border bg-card">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
          <SectionHeading
            id="specials-title"
            eyebrow={formatLongDate(today)}
            title="Today's specials"
          >
            {todaysSpecials.length === 0 ? <p>No specials today: the full menu is on.</p> : null}
          </SectionHeading>
          {tonight.length > 0 ? (
            <ul aria-label="On tonight" className="mt-6 grid gap-3 md:grid-cols-2">
              {tonight.map((event) => (
                <li key={event.id} className="border-l-4 border-primary bg-background px-5 py-4">
                  <p className="text-sm font-semibold text-primary">
                    Tonight · {formatTimeRange(event.startsAt, event.endsAt)}
                  </p>
                  <Link
                    to={eventPath(event)}
                    className="mt-1 inline-flex min-h-11 items-center font-display text-xl underline-offset-4 hover:underline"
                  >
                    {event.title}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          {todaysSpecials.length > 0 ? (
            <ul className="mt-8 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
              {todaysSpecials.map((special) => (
                <li
                  key={special.id}
                  className={cn(
                    "flex flex-col border-l-4 bg-background p-5",
                    special.ended ? "border-border text-muted-foreground" : "border-primary",
                  )}
                >
                  <div className="flex items-baseline justify-between gap-4">
                    <h3 className="text-xl">{special.title}</h3>
                    {special.priceCents !== null ? (
                      <p className="font-semibold tabular-nums">
                        {formatPrice(special.priceCents)}
                      </p>
                    ) : null}
                  </div>
                  {special.ended && special.endsAt ? (
                    <p className="mt-1 text-sm font-semibold">
                      Ended at {formatWallTime(special.endsAt)}
                    </p>
                  ) : special.startsAt ? (
                    <p className="mt-1 text-sm font-semibold text-primary">
                      {special.endsAt
                        ? `${formatWallTime(special.startsAt)} – ${formatWallTime(special.endsAt)}`
                        : `From ${formatWallTime(special.startsAt)}`}
                    </p>
                  ) : (
                    <p className="mt-1 text-sm font-semibold text-primary">All day</p>
                  )}
                  <p className="mt-2 text-muted-foreground">{special.description}</p>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </section>

      {featured.length > 0 ? (
        <section aria-labelledby="featured-title">
          <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
            <div className="flex flex-wrap items-end justify-between gap-4">
              <SectionHeading
                id="featured-title"
                eyebrow="From the kitchen"
                title="House favourites"
              />
              <Link to="/menu" className={buttonVariants({ variant: "outline" })}>
                Full menu
                <ArrowRightIcon aria-hidden="true" />
              </Link>
            </div>
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {featured.map((item) => (
                <li key={item.id} className="flex flex-col border border-border bg-card">
                  {item.picture ? (
                    <ResponsiveImage
                      image={item.picture.source}
                      alt={item.picture.alt}
                      sizes="(min-width: 1024px) 352px, (min-width: 640px) 50vw, 100vw"
                      aspectRatio={4 / 3}
                      maxWidth={640}
                      className="h-auto w-full"
                    />
                  ) : null}
                  <div className="flex flex-1 flex-col p-5">
                    <div className="flex items-baseline justify-between gap-4">
                      <h3 className="text-xl">{item.name}</h3>
                      <p className="font-semibold tabular-nums">{formatPrice(item.priceCents)}</p>
                    </div>
                    <p className="mt-2 flex-1 text-muted-foreground">{item.description}</p>
                    <DietaryTags tags={item.dietaryTags} className="mt-3" />
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="events-title" className="border-y border-border bg-card">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <SectionHeading id="events-title" eyebrow="What's on" title="Coming up at the pub">
              {events.length === 0 ? <p>Nothing booked just now: check back soon.</p> : null}
            </SectionHeading>
            {events.length > 0 ? (
              <Link to="/events" className={buttonVariants({ variant: "outline" })}>
                All events
                <ArrowRightIcon aria-hidden="true" />
              </Link>
            ) : null}
          </div>
          <EventList events={events} headingLevel={3} className="mt-8" />
        </div>
      </section>

      <section aria-labelledby="visit-title">
        <div className="mx-auto grid max-w-6xl gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-2">
          <div>
            <SectionHeading id="visit-title" eyebrow="Visit" title="This week's hours" />
            <WeekHoursTable week={week} className="mt-6" />
          </div>
          <div>
            <h2 className="text-3xl tracking-tight sm:mt-7 sm:text-4xl">Find us</h2>
            <address className="mt-4 text-lg not-italic">
              {formatAddress(settings)}
              <br />
              <a
                href={telephoneHref(settings.phone)}
                className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4"
              >
                {settings.phone}
              </a>
            </address>
            <DirectionsLinks links={directions} className="mt-4" />
            {settings.transitNote ? (
              <p className="mt-6 text-muted-foreground">{settings.transitNote}</p>
            ) : null}
            <p className="mt-4">
              <Link
                to="/contact"
                className="font-semibold text-primary underline underline-offset-4"
              >
                Parking, transit and how to reach us
              </Link>
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
