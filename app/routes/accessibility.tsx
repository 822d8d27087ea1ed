import {
  CheckIcon,
  CircleAlertIcon,
  MailIcon,
  MessageSquareIcon,
  PhoneIcon,
  type LucideIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import type { Route } from "./+types/accessibility";
import { Link } from "~/platform/ui/link";
import { PageHeader } from "~/components/page-header";
import { PageSection } from "~/components/page-section";
import { SectionHeading } from "~/components/section-heading";
import { dateParts } from "~/platform/clock/time-words";
import { siteContent } from "~/site/site-content.server";
import { describedPageMeta } from "~/site/meta";
import { telephoneHref } from "~/settings/site-settings";
import { publicPageHeaders } from "~/platform/page-headers";
import { usePublicEnv } from "~/platform/public-env";
import { pageFreshness } from "~/platform/context";

/** When this statement was last checked against the site; change it with each review. */
const STATEMENT_REVIEWED_ON = "2026-11-26";

/** The contact form, opened on its Accessibility topic. */
const ACCESSIBILITY_CONTACT_PATH = "/contact?topic=accessibility#write";

/** What the page is for, as search results show it. */
const DESCRIPTION =
  "How the site meets WCAG 2.2 AA, where it still falls short, and how to ask for help or for anything on it in another format.";

export async function loader({ context }: Route.LoaderArgs) {
  const settings = await siteContent(context).settings();
  return {
    description: DESCRIPTION,
    name: settings.name,
    phone: settings.phone,
    email: settings.email,
    accessibilityNote: settings.accessibilityNote,
    /** Booking or ordering happens on another company's site. */
    linksToBooking: settings.reservationUrl !== null || settings.orderingUrl !== null,
    ...pageFreshness(context),
  };
}

export const meta: Route.MetaFunction = describedPageMeta("Accessibility", "/accessibility");

export const headers = publicPageHeaders;

/** "November 25, 2026" */
function formatReviewDate(date: string): string {
  const { month, day } = dateParts(date);
  return `${month} ${day}, ${date.slice(0, 4)}`;
}

/**
 * What the site's tests show, and no more: each line is checked by the
 * browser tests (tests/e2e: accessibility, enquiries, mobile-navigation,
 * navigation, forced-colors, focus-visibility, small-screens). What is designed for but not tested is a
 * known limit below, not a claim.
 */
const WHAT_WORKS = [
  {
    title: "Keyboard",
    text: "A “Skip to main content” link comes first on every page, the contact form can be filled in and sent with a keyboard alone, the menu on phones keeps focus inside it until it closes, and on every page the control you Tab or Shift+Tab to is never hidden under the header, with a focus ring on each text field at 3:1 contrast or more.",
  },
  {
    title: "Screen readers",
    text: "Automated checks on every page find headings, landmarks, text descriptions for pictures and a label for each form field. A form’s mistakes are listed at the top and named beside each field, and what you typed is kept.",
  },
  {
    title: "Contrast and colour",
    text: "Automated checks on every page, in the light and the dark theme, find no text below WCAG AA contrast. Open or closed, dietary tags and allergens are written out in words, not shown by colour alone.",
  },
  {
    title: "Without JavaScript",
    text: "Every page, the menu’s filters, the enquiry forms and the newsletter’s sign-up work without JavaScript; it only adds checks as you type and quicker page changes.",
  },
] as const;

/** One way to ask for help: its icon, then how. */
function HelpWay({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <li className="border-l-4 border-primary bg-card p-5">
      <Icon aria-hidden="true" className="size-6 text-primary" />
      <p className="mt-3">{children}</p>
    </li>
  );
}

export default function AccessibilityPage({ loaderData }: Route.ComponentProps) {
  const { name, phone, email, accessibilityNote, linksToBooking } = loaderData;
  const { TURNSTILE_SITE_KEY } = usePublicEnv();
  const limits = [
    "Directions open in Google Maps or Apple Maps, and our social media links lead to those networks. Their accessibility is outside our control.",
    ...(linksToBooking
      ? [
          "Online booking or ordering, where we offer it, happens on another company’s site, which we do not control. You can always book or order by phone instead.",
        ]
      : []),
    "Every page is checked at 320 px wide and 256 px tall (a screen zoomed to 400 %) for sideways scrolling, and the phone navigation and photo viewer for use at that size; larger text settings and reduced motion are designed for, but our tests do not check them yet. If any of these gets in your way, please tell us.",
    "Our staff write the text descriptions of the photos they add to the menu, events and rooms. A new photo’s description may be shorter than it should be: tell us and we’ll improve it.",
    "The menu, specials and events change often and are updated by hand, so a mistake can slip in. If something reads wrongly with your assistive technology, please let us know.",
    ...(TURNSTILE_SITE_KEY
      ? [
          "The forms use Cloudflare Turnstile to stop spam. It usually passes unseen, but it needs JavaScript and may occasionally ask you to tick a box. If it gets in your way, call or email us instead.",
        ]
      : []),
  ];

  return (
    <>
      <PageHeader eyebrow="Accessibility statement" title="Accessibility">
        <p>
          We want everyone to be able to use this site and visit {name}. This page says what the
          site does to be accessible, where it still falls short, and how to reach us if something
          gets in your way.
        </p>
      </PageHeader>

      <PageSection titleId="standard-title">
        <SectionHeading id="standard-title" eyebrow="The standard" title="What we aim for">
          <p>
            The site aims to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA.
            Ontario’s accessibility law (the AODA) asks websites to meet WCAG 2.0 level AA; version
            2.2 includes everything it asks and more. Each change to the site is checked with
            automated accessibility tests on every page, in the light and dark themes, and the
            contact form is tested by keyboard alone. Automated tests find many problems, not all.
          </p>
        </SectionHeading>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="What works">
          {WHAT_WORKS.map((item) => (
            <li key={item.title} className="border-l-4 border-primary bg-card p-5">
              <p className="flex items-center gap-2 font-semibold">
                <CheckIcon aria-hidden="true" className="size-5 shrink-0 text-primary" />
                {item.title}
              </p>
              <p className="mt-2 text-muted-foreground">{item.text}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection titleId="limits-title" band="ruled">
        <SectionHeading id="limits-title" eyebrow="Honestly" title="Known limits">
          <p>What we know does not yet work as well as it should, or is not ours to fix.</p>
        </SectionHeading>
        <ul className="mt-8 grid max-w-3xl gap-4">
          {limits.map((limit) => (
            <li key={limit} className="flex items-start gap-3">
              <CircleAlertIcon
                aria-hidden="true"
                className="mt-0.5 size-5 shrink-0 text-amber-600"
              />
              <span>{limit}</span>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection titleId="help-title">
        <SectionHeading id="help-title" eyebrow="Ask us" title="Help, feedback and other formats">
          <p>
            If part of the site is hard to use, or you would like anything on it (the menu, hours,
            allergens, event details) in another format, such as large print, plain text by email or
            read to you over the phone, ask us and we’ll arrange it with you at no extra cost.
            Feedback about the site or the pub is welcome the same way.
          </p>
        </SectionHeading>
        <ul className="mt-8 grid gap-4 sm:grid-cols-3">
          <HelpWay icon={MessageSquareIcon}>
            <Link
              to={ACCESSIBILITY_CONTACT_PATH}
              className="font-semibold text-primary underline underline-offset-4"
            >
              Write to us
            </Link>{" "}
            with the contact form; its topic is set to Accessibility.
          </HelpWay>
          <HelpWay icon={PhoneIcon}>
            Call{" "}
            <a
              href={telephoneHref(phone)}
              className="font-semibold whitespace-nowrap text-primary underline underline-offset-4"
            >
              {phone}
            </a>
            .
          </HelpWay>
          <HelpWay icon={MailIcon}>
            Email{" "}
            <a
              href={`mailto:${email}`}
              className="font-semibold break-all text-primary underline underline-offset-4"
            >
              {email}
            </a>
            .
          </HelpWay>
        </ul>
        <div className="mt-12 max-w-2xl space-y-4 text-muted-foreground">
          <h3 className="text-2xl text-foreground">Visiting the pub</h3>
          {accessibilityNote ? <p>{accessibilityNote}</p> : null}
          <p>
            The entrance, washrooms and each room’s access are described on{" "}
            <Link to="/about" className="font-semibold text-primary underline underline-offset-4">
              the about page
            </Link>{" "}
            and{" "}
            <Link to="/venue" className="font-semibold text-primary underline underline-offset-4">
              the venue page
            </Link>
            .
          </p>
          <p className="border-t border-border pt-4 text-sm">
            This statement was last reviewed on{" "}
            <time dateTime={STATEMENT_REVIEWED_ON}>{formatReviewDate(STATEMENT_REVIEWED_ON)}</time>.
          </p>
        </div>
      </PageSection>
    </>
  );
}
