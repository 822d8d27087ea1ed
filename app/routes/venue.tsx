import type { Route } from "./+types/venue";
import { PageHeader } from "~/components/page-header";
import { introMeta, type PageIntro } from "~/lib/meta";
import { publicPageHeaders } from "~/lib/page-headers";

export function loader(): PageIntro {
  return {
    title: "Book the room",
    summary:
      "Spaces for birthdays, team nights and celebrations, with how many each one seats, the packages we offer and how to ask about your date.",
  };
}

export const meta: Route.MetaFunction = (args) => introMeta("/venue", args);

export const headers = publicPageHeaders;

export default function VenuePage({ loaderData }: Route.ComponentProps) {
  return (
    <PageHeader eyebrow="Private events" title={loaderData.title}>
      <p>{loaderData.summary}</p>
    </PageHeader>
  );
}
