import { AccessibilityIcon, ArrowRightIcon, CheckIcon, UsersIcon } from "lucide-react";
import type { Route } from "./+types/venue";
import { Link } from "~/components/link";
import { PageHeader } from "~/components/page-header";
import { ResponsiveImage } from "~/components/responsive-image";
import { SectionHeading } from "~/components/section-heading";
import { buttonVariants } from "~/components/ui/button";
import { pictureFor } from "~/data/pictures.server";
import { siteContent } from "~/data/site-content.server";
import { originFromMatches, pageMeta } from "~/lib/meta";
import { publicPageHeaders } from "~/lib/page-headers";
import { formatPrice } from "~/lib/price";
import { telephoneHref } from "~/lib/site-settings";

export async function loader({ context }: Route.LoaderArgs) {
  const content = siteContent(context);
  const [settings, spaces, packages] = await Promise.all([
    content.settings(),
    content.venueSpaces(),
    content.venuePackages(),
  ]);
  const pictured = await Promise.all(
    spaces.map(async (space) => ({
      ...space,
      picture: await pictureFor(context, space.photos[0] ?? null),
    })),
  );
  return { phone: settings.phone, spaces: pictured, packages };
}

const DESCRIPTION =
  "Private rooms for birthdays, work parties, rehearsal dinners and game nights in downtown London: a snug with a fireplace, an upstairs hall with a stage, and a summer patio.";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Venue",
    description: DESCRIPTION,
    path: "/venue",
    origin: originFromMatches(matches),
  });

export const headers = publicPageHeaders;

export default function VenuePage({ loaderData }: Route.ComponentProps) {
  const { spaces, packages, phone } = loaderData;

  return (
    <>
      <PageHeader eyebrow="Private events" title="Book the room">
        <p>{DESCRIPTION}</p>
      </PageHeader>

      <section
        aria-labelledby="spaces-title"
        className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20"
      >
        <SectionHeading id="spaces-title" eyebrow="Spaces" title="Rooms for every size of party" />
        <ul className="mt-10 space-y-12">
          {spaces.map((space, index) => (
            <li
              key={space.id}
              id={space.slug}
              className="grid scroll-mt-24 gap-6 border-b border-border pb-12 last:border-b-0 lg:grid-cols-2 lg:gap-10"
            >
              {space.picture ? (
                <ResponsiveImage
                  image={space.picture.source}
                  alt={space.picture.alt}
                  sizes="(min-width: 1024px) 560px, 100vw"
                  aspectRatio={16 / 9}
                  maxWidth={768}
                  priority={index === 0}
                  className={`h-auto w-full border border-border ${index % 2 === 1 ? "lg:order-last" : ""}`}
                />
              ) : null}
              <div>
                <h3 className="text-3xl tracking-tight">{space.name}</h3>
                <p className="mt-2 text-lg text-muted-foreground">{space.summary}</p>
                <dl className="mt-5 grid grid-cols-2 gap-px border border-border bg-border">
                  <div className="bg-card p-4">
                    <dt className="flex items-center gap-2 text-sm text-muted-foreground">
                      <UsersIcon aria-hidden="true" className="size-4" />
                      Seated
                    </dt>
                    <dd className="mt-1 font-display text-3xl">{space.seatedCapacity}</dd>
                  </div>
                  <div className="bg-card p-4">
                    <dt className="flex items-center gap-2 text-sm text-muted-foreground">
                      <UsersIcon aria-hidden="true" className="size-4" />
                      Standing
                    </dt>
                    <dd className="mt-1 font-display text-3xl">{space.standingCapacity}</dd>
                  </div>
                </dl>
                <p className="mt-5 text-muted-foreground">{space.description}</p>
                {space.features.length > 0 ? (
                  <ul
                    className="mt-4 grid gap-2 sm:grid-cols-2"
                    aria-label={`${space.name} features`}
                  >
                    {space.features.map((feature) => (
                      <li key={feature} className="flex items-start gap-2">
                        <CheckIcon
                          aria-hidden="true"
                          className="mt-0.5 size-5 shrink-0 text-primary"
                        />
                        {feature}
                      </li>
                    ))}
                  </ul>
                ) : null}
                <p className="mt-4 flex items-start gap-2 text-sm">
                  <AccessibilityIcon
                    aria-hidden="true"
                    className="mt-0.5 size-4 shrink-0 text-primary"
                  />
                  <span>
                    <span className="font-semibold">
                      {space.stepFree ? "Step-free access." : "Reached by stairs."}
                    </span>{" "}
                    {space.accessibilityNote}
                  </span>
                </p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      {packages.length > 0 ? (
        <section aria-labelledby="packages-title" className="border-y border-border bg-card">
          <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
            <SectionHeading
              id="packages-title"
              eyebrow="Packages"
              title="Food and drink for your party"
            >
              <p>
                Prices before HST and gratuity. Every package can be adapted for diets and
                allergies.
              </p>
            </SectionHeading>
            <ul className="mt-10 grid gap-6 lg:grid-cols-3">
              {packages.map((item) => (
                <li
                  key={item.id}
                  className="flex flex-col border-t-4 border-primary bg-background p-6"
                >
                  <h3 className="text-2xl">{item.name}</h3>
                  <p className="mt-3">
                    <span className="font-display text-4xl">{formatPrice(item.priceCents)}</span>{" "}
                    <span className="text-muted-foreground">
                      {item.priceUnit === "per-guest" ? "per guest" : "flat rate"}
                    </span>
                  </p>
                  {item.minimumGuests ? (
                    <p className="mt-1 text-sm font-semibold">
                      Minimum {item.minimumGuests} guests
                    </p>
                  ) : null}
                  <p className="mt-3 text-muted-foreground">{item.description}</p>
                  {item.includes.length > 0 ? (
                    <ul className="mt-4 space-y-2" aria-label={`${item.name} includes`}>
                      {item.includes.map((included) => (
                        <li key={included} className="flex items-start gap-2">
                          <CheckIcon
                            aria-hidden="true"
                            className="mt-0.5 size-5 shrink-0 text-primary"
                          />
                          {included}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      <section
        aria-labelledby="enquire-title"
        className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20"
      >
        <div className="bg-shell p-8 text-shell-foreground sm:p-12">
          <h2 id="enquire-title" className="text-3xl tracking-tight text-white sm:text-4xl">
            Planning something?
          </h2>
          <p className="mt-3 max-w-2xl text-lg text-shell-foreground/85">
            Tell us the date, the size of your group and the space you like, and we’ll come back to
            you within a day with what’s free and what it costs.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/contact" className={buttonVariants({ size: "lg" })}>
              Send an enquiry
              <ArrowRightIcon aria-hidden="true" />
            </Link>
            <a
              href={telephoneHref(phone)}
              className={buttonVariants({ variant: "shell", size: "lg" })}
            >
              Call {phone}
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
