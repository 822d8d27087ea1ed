import { AccessibilityIcon, BeerIcon, UtensilsIcon } from "lucide-react";
import { pageFreshness } from "~/platform/context";
import type { Route } from "./+types/about";
import { TapList } from "~/menu/tap-list";
import { PageSection } from "~/components/page-section";
import { QuestionList } from "~/components/question-list";
import { Link } from "~/platform/ui/link";
import { PageHeader } from "~/components/page-header";
import { PlacedPicture } from "~/images/placed-picture";
import { SectionHeading } from "~/components/section-heading";
import { pictureFor } from "~/images/pictures.server";
import { siteContent } from "~/site/site-content.server";
import { describedPageMeta } from "~/site/meta";
import { publicPageHeaders } from "~/platform/page-headers";
import { streetOf } from "~/settings/site-settings";
import { listWords } from "~/platform/list-words";
import { paragraphs } from "~/pages/page-texts";

export async function loader({ context }: Route.LoaderArgs) {
  const content = siteContent(context);
  const now = new Date();
  const [settings, menu, spaces, questions, { about }] = await Promise.all([
    content.settings(),
    content.menu(now),
    content.venueSpaces(),
    content.questions(),
    content.pageTexts(),
  ]);
  const room = await pictureFor(context, about.image);
  const onTap = menu
    .find((section) => section.slug === "draught")
    ?.items.filter((i) => i.available);
  const street = streetOf(settings);
  return {
    settings,
    storyTitle: street ? `A local on ${street}` : "A local",
    description: about.description,
    story: paragraphs(about.body),
    kitchen: paragraphs(about.aside),
    questions,
    room,
    onTap: onTap ?? [],
    stepFreeSpaces: spaces.filter((space) => space.stepFree).map((space) => space.name),
    stairsOnlySpaces: spaces.filter((space) => !space.stepFree).map((space) => space.name),
    ...pageFreshness(context),
  };
}

export const meta: Route.MetaFunction = describedPageMeta("About", "/about");

export const headers = publicPageHeaders;

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const {
    settings,
    storyTitle,
    description,
    story,
    kitchen,
    questions,
    room,
    onTap,
    stepFreeSpaces,
    stairsOnlySpaces,
  } = loaderData;
  // The pub's own questions (edited under /staff/questions), then getting
  // here, from the settings' notes.
  const faq = [
    ...questions,
    ...(settings.parkingNote
      ? [{ question: "Where do I park?", answer: settings.parkingNote }]
      : []),
    ...(settings.transitNote
      ? [{ question: "How do I get there by bus?", answer: settings.transitNote }]
      : []),
  ];

  return (
    <>
      <PageHeader eyebrow="Our story" title="About the pub">
        <p>{description}</p>
      </PageHeader>

      <PageSection titleId="story-title">
        <div className="grid gap-10 lg:grid-cols-2 lg:items-center">
          <div>
            <SectionHeading id="story-title" eyebrow="The story" title={storyTitle} />
            <div className="mt-5 space-y-4 text-lg text-muted-foreground">
              {story.map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </div>
          </div>
          {room ? (
            <PlacedPicture
              picture={room}
              place="column"
              className="h-auto w-full border border-border"
            />
          ) : null}
        </div>
      </PageSection>

      <PageSection titleId="kitchen-title" band="ruled" layout="halves">
        <div>
          <UtensilsIcon aria-hidden="true" className="size-8 text-primary" />
          <SectionHeading id="kitchen-title" title="The kitchen" className="mt-3" />
          <div className="mt-4 space-y-4 text-muted-foreground">
            <div className="space-y-4">
              {kitchen.map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </div>
            <p>
              <Link to="/menu" className="font-semibold text-primary underline underline-offset-4">
                See the full menu
              </Link>
            </p>
          </div>
        </div>
        <div>
          <BeerIcon aria-hidden="true" className="size-8 text-primary" />
          <h2 id="on-tap-title" className="mt-3 text-3xl tracking-tight sm:text-4xl">
            On tap now
          </h2>
          {onTap.length > 0 ? (
            <TapList beers={onTap} labelledBy="on-tap-title" />
          ) : (
            <p className="mt-4 text-muted-foreground">The tap list is being changed over.</p>
          )}
        </div>
      </PageSection>

      <PageSection titleId="access-title">
        <AccessibilityIcon aria-hidden="true" className="size-8 text-primary" />
        <SectionHeading id="access-title" title="Getting in and around" className="mt-3">
          <p>{settings.accessibilityNote}</p>
        </SectionHeading>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {stepFreeSpaces.length > 0 ? (
            <li className="border-l-4 border-primary bg-card p-5">
              <p className="font-semibold">Step-free</p>
              <p className="mt-1 text-muted-foreground">{listWords(stepFreeSpaces)}.</p>
            </li>
          ) : null}
          {stairsOnlySpaces.length > 0 ? (
            <li className="border-l-4 border-amber-600 bg-card p-5">
              <p className="font-semibold">Stairs only</p>
              <p className="mt-1 text-muted-foreground">
                {listWords(stairsOnlySpaces)}: there is no lift. Ask us and we’ll find a space that
                works for your group.
              </p>
            </li>
          ) : null}
        </ul>
      </PageSection>

      {faq.length > 0 ? (
        <PageSection titleId="faq-title" band="ruled-above" layout="narrow">
          <SectionHeading id="faq-title" eyebrow="Good to know" title="Questions people ask" />
          <QuestionList entries={faq} />
        </PageSection>
      ) : null}
    </>
  );
}
