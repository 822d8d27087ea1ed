import type { Route } from "./+types/contact";
import { PageHeader } from "~/components/page-header";
import { introMeta, type PageIntro } from "~/lib/meta";
import { publicPageHeaders } from "~/lib/page-headers";

export function loader(): PageIntro {
  return {
    title: "Contact",
    summary:
      "Our address, phone and email, opening hours, directions, parking and transit, and a way to send us a message.",
  };
}

export const meta: Route.MetaFunction = (args) => introMeta("/contact", args);

export const headers = publicPageHeaders;

export default function ContactPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageHeader eyebrow="Visit or get in touch" title={loaderData.title}>
      <p>{loaderData.summary}</p>
    </PageHeader>
  );
}
