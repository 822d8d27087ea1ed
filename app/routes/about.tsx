import type { Route } from "./+types/about";
import { PageHeader } from "~/components/page-header";
import { introMeta, type PageIntro } from "~/lib/meta";
import { publicPageHeaders } from "~/lib/page-headers";

export function loader(): PageIntro {
  return {
    title: "About the pub",
    summary:
      "Who we are, what comes out of the kitchen, what's on tap, and what to know before you visit: accessibility, the patio, age policy, parking and transit.",
  };
}

export const meta: Route.MetaFunction = (args) => introMeta("/about", args);

export const headers = publicPageHeaders;

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageHeader eyebrow="Our story" title={loaderData.title}>
      <p>{loaderData.summary}</p>
    </PageHeader>
  );
}
