import type { Route } from "./+types/menu";
import { PageHeader } from "~/components/page-header";
import { introMeta, type PageIntro } from "~/lib/meta";
import { publicPageHeaders } from "~/lib/page-headers";

export function loader(): PageIntro {
  return {
    title: "Menu",
    summary:
      "Starters, wings, burgers and plates from the grill, with draught beer, cocktails and wine, every price in Canadian dollars and every dish marked for vegetarian, vegan and gluten-free diets.",
  };
}

export const meta: Route.MetaFunction = (args) => introMeta("/menu", args);

export const headers = publicPageHeaders;

export default function MenuPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageHeader eyebrow="Food & drink" title={loaderData.title}>
      <p>{loaderData.summary}</p>
    </PageHeader>
  );
}
