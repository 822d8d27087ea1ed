import type { Route } from "./+types/pages";
import { listPageTexts } from "~/pages/editor/page-text-editor.server";
import { PageTextsList } from "~/pages/editor/page-texts-list";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { readAsStaff } from "~/staff/editor/editor.server";
import { staffMeta } from "~/staff/staff-meta";

export async function loader({ context }: Route.LoaderArgs) {
  const texts = await readAsStaff(context, (tx) => listPageTexts(tx));
  return { texts };
}

export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Page text", matches);
export const headers = staffPageHeaders;

export default function PagesPage({ loaderData }: Route.ComponentProps) {
  return <PageTextsList texts={loaderData.texts} />;
}
