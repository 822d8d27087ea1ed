import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundView } from "~/components/error-view";

/** Any address no other route claims. */
export function loader({ url }: Route.LoaderArgs) {
  return data({ message: `Page Not Found: ${url.pathname}` }, { status: 404 });
}

// The view renders the title, as every error view does.
export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...(loaderData ? [{ name: "description", content: loaderData.message }] : []),
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return <NotFoundView />;
}
