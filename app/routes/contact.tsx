import { BusIcon, CarIcon } from "lucide-react";
import { pageFreshness } from "~/platform/context";
import { data } from "react-router";
import type { Route } from "./+types/contact";
import { OpenStatus } from "~/hours/open-status";
import { BookingLinkRow } from "~/components/booking-links";
import { ContactLinks } from "~/components/contact-links";
import { DirectionsLinks } from "~/components/directions-links";
import { PageHeader } from "~/components/page-header";
import { PageSection } from "~/components/page-section";
import { SectionHeading } from "~/components/section-heading";
import { buttonVariants } from "~/platform/ui/button";
import { HolidayList } from "~/hours/holiday-list";
import { WeekHoursTable } from "~/hours/week-hours-table";
import { EnquiryPanel } from "~/enquiries/enquiry-panel";
import { newsletterPrivacy } from "~/newsletter/newsletter-words";
import { contactPageHandle } from "~/enquiries/enquiry-page";
import { ContactFormFields } from "~/enquiries/enquiry-form-fields";
import { enquirySiteDetails } from "~/site/enquiry-mail.server";
import { siteContent } from "~/site/site-content.server";
import { contactForm, linkedContactTopic } from "~/enquiries/enquiry-fields";
import { enquiryFormState, enquiryPageHeaders, submitEnquiry } from "~/enquiries/submission.server";
import { describedPageMeta } from "~/site/meta";
import { torontoDate } from "~/platform/clock/toronto-time";
import { weekHours } from "~/hours/opening-hours";
import { directionsLinks } from "~/settings/site-settings";
import { paragraphs } from "~/pages/page-texts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const content = siteContent(context);
  const now = new Date();
  const [settings, schedule, enquiry, { contact: words }] = await Promise.all([
    content.settings(),
    content.schedule(now),
    enquiryFormState(request, context, "contact"),
    content.pageTexts(),
  ]);
  const today = torontoDate(now);
  return data(
    {
      settings,
      description: words.description,
      howWeAnswer: paragraphs(words.body),
      aboveTheForm: paragraphs(words.aside),
      schedule,
      renderedAt: now.toISOString(),
      week: weekHours(now, schedule),
      holidays: schedule.exceptions.filter((exception) => exception.endsOn >= today),
      ...enquiry.page,
      topic: linkedContactTopic(new URL(request.url).searchParams),
      ...pageFreshness(context),
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
    ...enquirySiteDetails(context),
    enquiry: (contact) => ({ ok: true, enquiry: { kind: "contact", ...contact } }),
  });
}

export const meta: Route.MetaFunction = describedPageMeta("Contact", "/contact");

export const headers = enquiryPageHeaders;

export const handle = contactPageHandle;

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    settings,
    description,
    howWeAnswer,
    aboveTheForm,
    schedule,
    renderedAt,
    week,
    holidays,
    topic,
  } = loaderData;

  return (
    <>
      <PageHeader eyebrow="Get in touch" title="Contact and hours">
        <p>{description}</p>
        <BookingLinkRow settings={settings} className="mt-6" />
      </PageHeader>

      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-2">
        <section aria-labelledby="reach-title">
          <SectionHeading id="reach-title" title="Reach us" />
          <OpenStatus schedule={schedule} renderedAt={renderedAt} className="mt-4 text-lg" />
          <ContactLinks
            settings={settings}
            className="mt-4 flex flex-col items-start not-italic"
            linkClassName="inline-flex min-h-11 items-center gap-3 text-lg font-semibold text-primary underline-offset-4 hover:underline"
            iconClassName="size-5 shrink-0"
          />
          <div className="mt-4 space-y-3 text-muted-foreground">
            {howWeAnswer.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>

          <h3 className="mt-10 text-2xl">Directions</h3>
          <DirectionsLinks links={directionsLinks(settings)} className="mt-4" />
          <dl className="mt-6 space-y-5">
            {[
              { Icon: BusIcon, name: "Transit", note: settings.transitNote },
              { Icon: CarIcon, name: "Parking", note: settings.parkingNote },
            ].map(({ Icon, name, note }) =>
              note ? (
                <div key={name} className="flex gap-3">
                  <dt>
                    <Icon aria-hidden="true" className="mt-0.5 size-5 text-primary" />
                    <span className="sr-only">{name}</span>
                  </dt>
                  <dd className="text-muted-foreground">{note}</dd>
                </div>
              ) : null,
            )}
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
              <HolidayList holidays={holidays} />
            </>
          ) : null}
        </section>
      </div>

      <PageSection
        id="write"
        titleId="contact-form-title"
        band="ruled-above"
        layout="heading-beside"
      >
        <SectionHeading id="contact-form-title" eyebrow="Write to us" title="Send a message">
          <div className="space-y-3">
            {aboveTheForm.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
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
          <EnquiryPanel
            page={loaderData}
            reachUs={settings}
            purpose="We use what you send only to answer this message."
            newsletterPrivacy={newsletterPrivacy(loaderData.retentionDays)}
            again={{ href: "/contact?again#write", label: "Send another message" }}
            form={contactForm}
            titleId="contact-form-title"
            kind="contact"
            actionData={actionData}
            submitLabel="Send message"
            initialValues={topic ? { topic } : undefined}
          >
            {(field) => <ContactFormFields field={field} />}
          </EnquiryPanel>
        </div>
      </PageSection>
    </>
  );
}
