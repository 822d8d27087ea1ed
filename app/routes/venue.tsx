import { AccessibilityIcon, CheckIcon, FootprintsIcon, PhoneIcon, UsersIcon } from "lucide-react";
import { pageNextChange } from "~/platform/context";
import { data } from "react-router";
import type { Route } from "./+types/venue";
import { EnquiryConfirmation, useShownReceipt } from "~/enquiries/enquiry-confirmation";
import { EnquiryForm, PurposeNotice } from "~/enquiries/enquiry-form";
import { SelectField, TextAreaField, TextField } from "~/platform/forms/form-fields";
import { PageHeader } from "~/components/page-header";
import { SectionHeading } from "~/components/section-heading";
import { buttonVariants } from "~/platform/ui/button";
import { pictureFor } from "~/images/pictures.server";
import { enquiryMailSettings } from "~/site/enquiry-mail.server";
import { siteContent } from "~/site/site-content.server";
import { enquiryFormState, enquiryPageHeaders, submitEnquiry } from "~/enquiries/submission.server";
import {
  earliestBookingDate,
  latestBookingDate,
  venueForm,
  type EnquirySpace,
  type VenueFormContext,
} from "~/enquiries/enquiry-fields";
import { env } from "~/platform/env.server";
import { fixedPageMeta } from "~/site/meta";
import { torontoDate } from "~/platform/clock/toronto-time";
import { hoursOn, type OpeningSchedule } from "~/hours/opening-hours";
import { formatPrice } from "~/platform/money";
import { usePublicEnv } from "~/platform/public-env";
import { telephoneHref } from "~/settings/site-settings";
import { largestCapacity, spaceAccess, type VenueSpace } from "~/venue/venue";
import { SpaceGallery } from "~/venue/space-gallery";
import type { RouteHandle } from "~/platform/route-needs";

/** The spaces as the enquiry form offers them. */
const enquirySpaces = (spaces: readonly VenueSpace[]): EnquirySpace[] =>
  spaces.map((space) => ({
    id: space.id,
    slug: space.slug,
    name: space.name,
    capacity: largestCapacity(space),
  }));

/** What the page is for: its header says it, and search results show it. */
const DESCRIPTION =
  "Private rooms for birthdays, work parties, rehearsal dinners and game nights in downtown London: a snug with a fireplace, an upstairs hall with a stage, and a summer patio.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const content = siteContent(context);
  const now = new Date();
  const [settings, spaces, packages, schedule, enquiry] = await Promise.all([
    content.settings(),
    content.venueSpaces(),
    content.venuePackages(),
    content.schedule(now),
    enquiryFormState(request, context, "venue"),
  ]);
  const pictured = await Promise.all(
    spaces.map(async (space) => ({
      ...space,
      pictures: (await Promise.all(space.photos.map((photo) => pictureFor(context, photo)))).filter(
        (picture) => picture !== null,
      ),
    })),
  );
  return data(
    {
      phone: settings.phone,
      email: settings.email,
      spaces: pictured,
      packages,
      form: { spaces: enquirySpaces(spaces), schedule, today: torontoDate(now) },
      submissionToken: enquiry.submissionToken,
      receipt: enquiry.receipt,
      retentionDays: env.ENQUIRY_RETENTION_DAYS,
      nextChangeAt: pageNextChange(context),
    },
    { headers: enquiry.headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  // The spaces on offer as the post is checked, to find the one it asks for.
  let offered: EnquirySpace[] = [];
  return submitEnquiry({
    request,
    context,
    kind: "venue",
    form: venueForm,
    confirmationPath: "/venue",
    phoneNumber: async () => (await siteContent(context).settings()).phone,
    notification: () => enquiryMailSettings(context),
    async rulesContext() {
      const content = siteContent(context);
      const now = new Date();
      const [spaces, schedule] = await Promise.all([content.venueSpaces(), content.schedule(now)]);
      offered = enquirySpaces(spaces);
      return venueFormContext({ spaces: offered, schedule, today: torontoDate(now) });
    },
    enquiry(venue) {
      const space = offered.find((candidate) => candidate.slug === venue.space);
      if (!space) return { ok: false, errors: { space: "Choose one of our spaces." } };
      return {
        ok: true,
        enquiry: { kind: "venue", ...venue, spaceId: space.id, spaceName: space.name },
      };
    },
  });
}

/** The venue form's context from what the page holds: the night's hours come from the schedule. */
function venueFormContext({
  schedule,
  ...rest
}: Omit<VenueFormContext, "openingOn"> & { schedule: OpeningSchedule }): VenueFormContext {
  return { ...rest, openingOn: (date) => hoursOn(date, schedule) };
}

export const meta: Route.MetaFunction = fixedPageMeta("Venue", "/venue", DESCRIPTION);

export const headers = enquiryPageHeaders;

/** The enquiry action reads any post itself: one it cannot read gets the form back, saying so. */
export const handle = { transport: { body: "any" } } satisfies RouteHandle;

export default function VenuePage({ loaderData, actionData }: Route.ComponentProps) {
  const { spaces, packages, phone, email, form, submissionToken } = loaderData;
  const { receipt, writeAgain } = useShownReceipt(loaderData.receipt, "venue-form");
  const { TURNSTILE_SITE_KEY } = usePublicEnv();

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
              className="grid gap-6 border-b border-border pb-12 last:border-b-0 lg:grid-cols-2 lg:gap-10"
            >
              <SpaceGallery
                name={space.name}
                pictures={space.pictures}
                priority={index === 0}
                className={index % 2 === 1 ? "lg:order-last" : undefined}
              />
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
                  {/* The wheelchair sign only where a wheelchair can go; steps otherwise. */}
                  {space.stepFree ? (
                    <AccessibilityIcon
                      aria-hidden="true"
                      className="mt-0.5 size-4 shrink-0 text-primary"
                    />
                  ) : (
                    <FootprintsIcon
                      aria-hidden="true"
                      className="mt-0.5 size-4 shrink-0 text-primary"
                    />
                  )}
                  <span>
                    <span className="font-semibold">{spaceAccess(space).lead}</span>{" "}
                    {spaceAccess(space).note}
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
        id="enquire"
        aria-labelledby="enquire-title"
        className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1fr_2fr]"
      >
        <div>
          <SectionHeading id="enquire-title" eyebrow="Enquire" title="Planning something?">
            <p>
              Tell us the date, the size of your group and the space you like, and we’ll come back
              to you within a day with what’s free and what it costs. Asking commits you to nothing.
            </p>
          </SectionHeading>
          <a
            href={telephoneHref(phone)}
            className={`${buttonVariants({ variant: "outline" })} mt-6`}
          >
            <PhoneIcon aria-hidden="true" />
            Or call {phone}
          </a>
        </div>
        <div>
          {receipt ? (
            <EnquiryConfirmation
              receipt={receipt}
              againHref="/venue?again#enquire"
              onAgain={writeAgain}
              againLabel="Send another enquiry"
            />
          ) : (
            <EnquiryForm
              form={venueForm}
              rulesContext={venueFormContext(form)}
              titleId="enquire-title"
              kind="venue"
              submissionToken={submissionToken}
              actionData={actionData}
              turnstileSiteKey={TURNSTILE_SITE_KEY}
              turnstileFallback={
                <>
                  You can also call us at {phone} or email {email}.
                </>
              }
              purposeNotice={
                <PurposeNotice retentionDays={loaderData.retentionDays}>
                  We use what you send only to answer this enquiry and plan your event.
                </PurposeNotice>
              }
              submitLabel="Send enquiry"
            >
              {(field) => (
                <>
                  <SelectField {...field("space")} label="Which space?">
                    <option value="">Choose a space</option>
                    {form.spaces.map((space) => (
                      <option key={space.slug} value={space.slug}>
                        {space.name} (up to {space.capacity} guests)
                      </option>
                    ))}
                  </SelectField>
                  <div className="grid gap-7 sm:grid-cols-3">
                    <TextField
                      {...field("date")}
                      label="Date"
                      type="date"
                      min={earliestBookingDate(form.today)}
                      max={latestBookingDate(form.today)}
                    />
                    <TextField {...field("startTime")} label="Start time" type="time" />
                    <TextField
                      {...field("partySize")}
                      label="Guests"
                      type="number"
                      inputMode="numeric"
                      min={1}
                      step={1}
                    />
                  </div>
                  <div className="grid gap-7 sm:grid-cols-2">
                    <TextField {...field("name")} label="Your name" autoComplete="name" />
                    <TextField
                      {...field("email")}
                      label="Email"
                      type="email"
                      autoComplete="email"
                      inputMode="email"
                      spellCheck={false}
                    />
                  </div>
                  <TextField
                    {...field("phone")}
                    label="Phone"
                    optional
                    hint={
                      <>
                        Handy on the day, such as{" "}
                        <span className="whitespace-nowrap">519-555-0134</span>.
                      </>
                    }
                    type="tel"
                    autoComplete="tel-national"
                  />
                  <TextAreaField
                    {...field("message")}
                    label="Tell us about it"
                    hint="The occasion, food and drink you have in mind, timings, any access needs."
                    rows={6}
                  />
                </>
              )}
            </EnquiryForm>
          )}
        </div>
      </section>
    </>
  );
}
