import type { Route } from "./+types/revision-route";
import { liveContext } from "~/platform/context";
import { liveUnavailable, revisionAnswer } from "~/platform/live/live-answers";

/**
 * `GET /live/revision`: `{"revision":"…"}` with its ETag, 304 when the
 * page's `If-None-Match` has it: what a page polls when it has no stream.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const live = context.get(liveContext);
  if (!live) return liveUnavailable();
  return revisionAnswer(request, await live.revision());
}
