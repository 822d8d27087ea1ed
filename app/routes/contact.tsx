import { BusIcon, CarIcon, MailIcon, MapPinIcon, PhoneIcon } from "lucide-react";
import { pageNextChange } from "~/platform/context";
import { data } from "react-router";
import type { Route } from "./+types/contact";
import { OpenStatus } from "~/hours/open-status";
import { BookingLinkRow } from "~/components/booking-links";
import { DirectionsLinks } from "~/components/directions-links";
import { PageHeader } from "~/components/page-header";
import { SectionHeading } from "~/components/section-heading";
import { buttonVariants } from "~/platform/ui/button";
import { WeekHoursTable } from "~/hours/week-hours-table";
import { EnquiryConfirmation, useShownReceipt } from "~/enquiries/enquiry-confirmation";
import { EnquiryForm, PurposeNotice } from "~/enquiries/enquiry-form";
import { SelectField, TextAreaField, TextField } from "~/platform/forms/form-fields";
import { enquiryMailSettings } from "~/site/enquiry-mail.server";
import { siteContent } from "~/site/site-content.server";
import { formatLongDate } from "~/platform/clock/time-words";
import {
  contactForm,
  contactTopicLabels,
  contactTopics,
  linkedContactTopic,
} from "~/enquiries/enquiry-fields";
import { enquiryFormState, enquiryPageHeaders, submitEnquiry } from "~/enquiries/submission.server";
import { env } from "~/platform/env.server";
import { usePublicEnv } from "~/platform/public-env";
import { formatDayLine } from "~/hours/hours-summary";
import { fixedPageMeta } from "~/site/meta";
import { torontoDate } from "~/platform/clock/toronto-time";
import { weekHours } from "~/hours/opening-hours";
import { directionsLinks, formatAddress, telephoneHref } from "~/settings/site-settings";
import type { RouteHandle } from "~/platform/route-needs";

/** What the page is for: its header says it, and search results show it. */
const DESCRIPTION =
  "Address, phone, email and hours, with directions, parking and transit for the pub in downtown London, Ontario.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const content = siteContent(context);
  const now = new Date();
  const [settings, schedule, enquiry] = await Promise.all([
    content.settings(),
    content.schedule(now),
    enquiryFormState(request, context, "contact"),
  ]);
  const today = torontoDate(now);
  return data(
    {
      settings,
      schedule,
      renderedAt: now.toISOString(),
      week: weekHours(now, schedule),
      holidays: schedule.exceptions.filter((exception) => exception.endsOn >= today),
      submissionToken: enquiry.submissionToken,
      receipt: enquiry.receipt,
      retentionDays: env.ENQUIRY_RETENTION_DAYS,
      topic: linkedContactTopic(new URL(request.url).searchParams),
      nextChangeAt: pageNextChange(context),
    },
    { headers: enquiry.headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitEnquiry({
    request,
    context,
    kind: "contact",
    form: contactForm,
    rulesContext: async () => undefined,
    confirmationPath: "/contact",
    phoneNumber: async () => (await siteContent(context).settings()).phone,
    notification: () => enquiryMailSettings(context),
    enquiry: (contact) => ({ ok: true, enquiry: { kind: "contact", ...contact } }),
  });
}

export const meta: Route.MetaFunction = fixedPageMeta("Contact", "/contact", DESCRIPTION);

export const headers = enquiryPageHeaders;

/** The enquiry action reads any post itself: one it cannot read gets the form back, saying so. */
export const handle = { transport: { body: "any" } } satisfies RouteHandle;

const detailLink =
  "inline-flex min-h-11 items-center gap-3 text-lg font-semibold text-primary underline-offset-4 hover:underline";

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, schedule, renderedAt, week, holidays, submissionToken, topic } = loaderData;
  const { receipt, writeAgain } = useShownReceipt(loaderData.receipt, "contact-form");
  const directions = directionsLinks(settings);
  const { TURNSTILE_SITE_KEY } = usePublicEnv();

  return (
    <>
      <PageHeader eyebrow="Get in touch" title="Contact and hours">
        <p>{DESCRIPTION}</p>
        <BookingLinkRow settings={settings} className="mt-6" />
      </PageHeader>

      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-2">
        <section aria-labelledby="reach-title">
          <SectionHeading id="reach-title" title="Reach us" />
          <OpenStatus schedule={schedule} renderedAt={renderedAt} className="mt-4 text-lg" />
          <address className="mt-4 flex flex-col items-start not-italic">
            <a href={directions.google} className={detailLink}>
              <MapPinIcon aria-hidden="true" className="size-5 shrink-0" />
              {formatAddress(settings)}
            </a>
            <a href={telephoneHref(settings.phone)} className={detailLink}>
              <PhoneIcon aria-hidden="true" className="size-5 shrink-0" />
              {settings.phone}
            </a>
            <a href={`mailto:${settings.email}`} className={detailLink}>
              <MailIcon aria-hidden="true" className="size-5 shrink-0" />
              {settings.email}
            </a>
          </address>
          <p className="mt-4 text-muted-foreground">
            We answer the phone during opening hours and email within a day. For a table of six or
            more, or a private party, calling is quickest.
          </p>

          <h3 className="mt-10 text-2xl">Directions</h3>
          <DirectionsLinks links={directions} className="mt-4" />
          <dl className="mt-6 space-y-5">
            {settings.transitNote ? (
              <div className="flex gap-3">
                <dt>
                  <BusIcon aria-hidden="true" className="mt-0.5 size-5 text-primary" />
                  <span className="sr-only">Transit</span>
                </dt>
                <dd className="text-muted-foreground">{settings.transitNote}</dd>
              </div>
            ) : null}
            {settings.parkingNote ? (
              <div className="flex gap-3">
                <dt>
                  <CarIcon aria-hidden="true" className="mt-0.5 size-5 text-primary" />
                  <span className="sr-only">Parking</span>
                </dt>
                <dd className="text-muted-foreground">{settings.parkingNote}</dd>
              </div>
            ) : null}
          </dl>

          {settings.socialLinks.length > 0 ? (
            <>
              <h3 className="mt-10 text-2xl">Follow along</h3>
              <ul className="mt-3 flex flex-wrap gap-3">
                {settings.socialLinks.map((link) => (
                  <li key={link.url}>
                    <a
                      href={link.url}
                      rel="me noopener"
                      className={buttonVariants({ variant: "outline", size: "sm" })}
                    >
                      <span className="capitalize">{link.network}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>

        <section id="hours" aria-labelledby="hours-title">
          <SectionHeading id="hours-title" title="Hours this week" />
          <WeekHoursTable week={week} className="mt-6" />
          {holidays.length > 0 ? (
            <>
              <h3 className="mt-10 text-2xl">Holidays and special hours</h3>
              <ul className="mt-4 divide-y divide-border border-y border-border">
                {holidays.map((holiday) => (
                  <li key={`${holiday.startsOn}-${holiday.note}`} className="py-3">
                    <p className="font-semibold">
                      {formatLongDate(holiday.startsOn)}
                      {holiday.endsOn !== holiday.startsOn
                        ? ` to ${formatLongDate(holiday.endsOn)}`
                        : ""}
                    </p>
                    <p className="text-muted-foreground">
                      {formatDayLine(holiday.closed ? null : holiday, holiday.note)}
                    </p>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      </div>

      <section
        id="write"
        aria-labelledby="contact-form-title"
        className="border-t border-border bg-card"
      >
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1fr_2fr]">
          <SectionHeading id="contact-form-title" eyebrow="Write to us" title="Send a message">
            <p>
              Questions, feedback, something left behind, access needs or press: we read every
              message and reply by email, usually within a day.
            </p>
            <p className="mt-3">
              To book a private party, use the{" "}
              <a
                href="/venue#enquire"
                className="font-semibold text-primary underline underline-offset-4"
              >
                venue enquiry form
              </a>
              .
            </p>
          </SectionHeading>
          <div>
            {receipt ? (
              <EnquiryConfirmation
                receipt={receipt}
                againHref="/contact?again#write"
                onAgain={writeAgain}
                againLabel="Send another message"
              />
            ) : (
              <EnquiryForm
                form={contactForm}
                titleId="contact-form-title"
                kind="contact"
                submissionToken={submissionToken}
                actionData={actionData}
                turnstileSiteKey={TURNSTILE_SITE_KEY}
                turnstileFallback={
                  <>
                    You can also call us at {settings.phone} or email {settings.email}.
                  </>
                }
                purposeNotice={
                  <PurposeNotice retentionDays={loaderData.retentionDays}>
                    We use what you send only to answer this message.
                  </PurposeNotice>
                }
                submitLabel="Send message"
                initialValues={topic ? { topic } : undefined}
              >
                {(field) => (
                  <>
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
                    <div className="grid gap-7 sm:grid-cols-2">
                      <TextField
                        {...field("phone")}
                        label="Phone"
                        optional
                        hint={
                          <>
                            If you’d rather we call, such as{" "}
                            <span className="whitespace-nowrap">519-555-0134</span>.
                          </>
                        }
                        type="tel"
                        autoComplete="tel-national"
                      />
                      <SelectField {...field("topic")} label="What is it about?">
                        <option value="">Choose one</option>
                        {contactTopics.map((topic) => (
                          <option key={topic} value={topic}>
                            {contactTopicLabels[topic]}
                          </option>
                        ))}
                      </SelectField>
                    </div>
                    <TextAreaField
                      {...field("message")}
                      label="Your message"
                      hint="At least 10 characters. For lost property, say when you visited and where you sat."
                      rows={7}
                    />
                  </>
                )}
              </EnquiryForm>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
