import { PhoneIcon } from "lucide-react";
import { pageFreshness } from "~/platform/context";
import { data } from "react-router";
import type { Route } from "./+types/venue";
import { EnquiryPanel } from "~/enquiries/enquiry-panel";
import { newsletterPrivacy } from "~/newsletter/newsletter-words";
import { enquiryPageHandle } from "~/enquiries/enquiry-page";
import { VenueFormFields } from "~/enquiries/enquiry-form-fields";
import { PageHeader } from "~/components/page-header";
import { PageSection } from "~/components/page-section";
import { SectionHeading } from "~/components/section-heading";
import { buttonVariants } from "~/platform/ui/button";
import { pictureFor } from "~/images/pictures.server";
import { enquirySiteDetails } from "~/site/enquiry-mail.server";
import { siteContent } from "~/site/site-content.server";
import { enquiryFormState, enquiryPageHeaders, submitEnquiry } from "~/enquiries/submission.server";
import { venueForm, type EnquirySpace, type VenueFormContext } from "~/enquiries/enquiry-fields";
import { describedPageMeta } from "~/site/meta";
import { torontoDate } from "~/platform/clock/toronto-time";
import { hoursOn, type OpeningSchedule } from "~/hours/opening-hours";
import { telephoneHref } from "~/settings/site-settings";
import { largestCapacity, type VenueSpace } from "~/venue/venue";
import { PackageList } from "~/venue/package-list";
import { SpaceList } from "~/venue/space-list";
import { paragraphs } from "~/pages/page-texts";

/** The spaces as the enquiry form offers them. */
const enquirySpaces = (spaces: readonly VenueSpace[]): EnquirySpace[] =>
  spaces.map((space) => ({
    id: space.id,
    slug: space.slug,
    name: space.name,
    capacity: largestCapacity(space),
  }));

export async function loader({ request, context }: Route.LoaderArgs) {
  const content = siteContent(context);
  const now = new Date();
  const [settings, spaces, packages, schedule, enquiry, { venue: words }] = await Promise.all([
    content.settings(),
    content.venueSpaces(),
    content.venuePackages(),
    content.schedule(now),
    enquiryFormState(request, context, "venue"),
    content.pageTexts(),
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
      description: words.description,
      aboveThePackages: paragraphs(words.body),
      aboveTheForm: paragraphs(words.aside),
      phone: settings.phone,
      email: settings.email,
      spaces: pictured,
      packages,
      form: { spaces: enquirySpaces(spaces), schedule, today: torontoDate(now) },
      ...enquiry.page,
      ...pageFreshness(context),
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
    ...enquirySiteDetails(context),
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

export const meta: Route.MetaFunction = describedPageMeta("Venue", "/venue");

export const headers = enquiryPageHeaders;

export const handle = enquiryPageHandle;

export default function VenuePage({ loaderData, actionData }: Route.ComponentProps) {
  const { description, aboveThePackages, aboveTheForm, spaces, packages, phone, email, form } =
    loaderData;

  return (
    <>
      <PageHeader eyebrow="Private events" title="Book the room">
        <p>{description}</p>
      </PageHeader>

      <PageSection titleId="spaces-title">
        <SectionHeading id="spaces-title" eyebrow="Spaces" title="Rooms for every size of party" />
        <SpaceList spaces={spaces} />
      </PageSection>

      {packages.length > 0 ? (
        <PageSection titleId="packages-title" band="ruled">
          <SectionHeading
            id="packages-title"
            eyebrow="Packages"
            title="Food and drink for your party"
          >
            <div className="space-y-3">
              {aboveThePackages.map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </div>
          </SectionHeading>
          <PackageList packages={packages} />
        </PageSection>
      ) : null}

      <PageSection id="enquire" titleId="enquire-title" layout="heading-beside">
        <div>
          <SectionHeading id="enquire-title" eyebrow="Enquire" title="Planning something?">
            <div className="space-y-3">
              {aboveTheForm.map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </div>
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
          <EnquiryPanel
            page={loaderData}
            reachUs={{ phone, email }}
            purpose="We use what you send only to answer this enquiry and plan your event."
            newsletterPrivacy={newsletterPrivacy(loaderData.retentionDays)}
            again={{ href: "/venue?again#enquire", label: "Send another enquiry" }}
            form={venueForm}
            rulesContext={venueFormContext(form)}
            titleId="enquire-title"
            kind="venue"
            actionData={actionData}
            submitLabel="Send enquiry"
          >
            {(field) => <VenueFormFields field={field} spaces={form.spaces} today={form.today} />}
          </EnquiryPanel>
        </div>
      </PageSection>
    </>
  );
}
