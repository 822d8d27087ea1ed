import { data } from "react-router";
import type { Route } from "./+types/site-page";
import { errorTitle } from "~/components/error-view";
import { refusedRequestContext } from "~/platform/context";

/**
 * A request the page does not take (the server renders the page's GET for
 * it, see `refusedRequestContext`) gets the error view in place of the page.
 * Thrown once the loaders have run, from below the site layout, so its error
 * view has the layout's details: the pub's name in the title, the header and
 * the footer, and the visitor's theme.
 */
const refuseAfterLoading: Route.MiddlewareFunction = async ({ context }, next) => {
  const response = await next();
  const refused = context.get(refusedRequestContext);
  if (refused) {
    throw data(errorTitle(refused.status), {
      status: refused.status,
      statusText: errorTitle(refused.status),
    });
  }
  return response;
};

export const middleware: Route.MiddlewareFunction[] = [refuseAfterLoading];

// No component: React Router renders the page itself in its place (an
// outlet), and the browser loads nothing for this route.
