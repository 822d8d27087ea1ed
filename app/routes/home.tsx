import type { Route } from "./+types/home";
import { pageFreshness } from "~/platform/context";
import { DirectionsLinks } from "~/components/directions-links";
import { HomeHero } from "~/components/home-hero";
import { EventsJsonLd } from "~/components/json-ld";
import { PageSection } from "~/components/page-section";
import { SectionHeading, SectionHeadingWithLink } from "~/components/section-heading";
import { EventList } from "~/events/event-list";
import { TonightList } from "~/events/tonight-list";
import { WeekHoursTable } from "~/hours/week-hours-table";
import { closingOn, weekHours } from "~/hours/opening-hours";
import { pictureFor, withPictures } from "~/images/pictures.server";
import { FavouriteDishList } from "~/menu/favourite-dish-list";
import { featuredItems } from "~/menu/menu";
import { formatLongDate } from "~/platform/clock/time-words";
import { torontoDate } from "~/platform/clock/toronto-time";
import { publicPageHeaders } from "~/platform/page-headers";
import { Link } from "~/platform/ui/link";
import { directionsLinks, formatAddress, onStreet, telephoneHref } from "~/settings/site-settings";
import { homeTitle, pageMeta } from "~/site/meta";
import { siteContent } from "~/site/site-content.server";
import { TodaysSpecialList } from "~/specials/todays-special-list";
import { specialTimeWords, specialsToday } from "~/specials/specials";

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
    // Worked out here, so the words for the street stay off the page's scripts.
    whereabouts: onStreet(settings),
    schedule,
    renderedAt: now.toISOString(),
    today,
    todaysSpecials: specialsToday(now, specials, closingOn(today, schedule)).map((special) => ({
      ...special,
      when: specialTimeWords(special),
    })),
    week: weekHours(now, schedule),
    featured,
    events: pictured,
    hero,
    ...pageFreshness(context),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        title: homeTitle(loaderData.settings),
        description: `${loaderData.settings.description}. Hours, today's specials, the menu and what's on${loaderData.whereabouts}.`,
        path: "/",
        matches,
      })
    : [];

export const headers = publicPageHeaders;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { settings, todaysSpecials, featured, events, week, today } = loaderData;

  return (
    <>
      <EventsJsonLd events={events} />
      <HomeHero {...loaderData} />

      <PageSection titleId="specials-title" band="ruled-below">
        <SectionHeading
          id="specials-title"
          eyebrow={formatLongDate(today)}
          title="Today's specials"
        >
          {todaysSpecials.length === 0 ? <p>No specials today: the full menu is on.</p> : null}
        </SectionHeading>
        <TonightList events={events} today={today} />
        <TodaysSpecialList specials={todaysSpecials} />
      </PageSection>

      {featured.length > 0 ? (
        <PageSection titleId="featured-title">
          <SectionHeadingWithLink
            id="featured-title"
            eyebrow="From the kitchen"
            title="House favourites"
            link={{ to: "/menu", label: "Full menu" }}
          />
          <FavouriteDishList items={featured} />
        </PageSection>
      ) : null}

      <PageSection titleId="events-title" band="ruled">
        <SectionHeadingWithLink
          id="events-title"
          eyebrow="What's on"
          title="Coming up at the pub"
          link={events.length > 0 ? { to: "/events", label: "All events" } : null}
        >
          {events.length === 0 ? <p>Nothing booked just now: check back soon.</p> : null}
        </SectionHeadingWithLink>
        <EventList events={events} headingLevel={3} className="mt-8" />
      </PageSection>

      <PageSection titleId="visit-title" layout="halves">
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
          <DirectionsLinks links={directionsLinks(settings)} className="mt-4" />
          {settings.transitNote ? (
            <p className="mt-6 text-muted-foreground">{settings.transitNote}</p>
          ) : null}
          <p className="mt-4">
            <Link to="/contact" className="font-semibold text-primary underline underline-offset-4">
              Parking, transit and how to reach us
            </Link>
          </p>
        </div>
      </PageSection>
    </>
  );
}
