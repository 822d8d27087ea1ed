import type { Route } from "./+types/newsletter-subscribers-sheet";
import { OWNERS_ONLY_SUBSCRIBERS } from "~/newsletter/subscriber-list";
import {
  parseSubscriberQuery,
  signedInOwner,
  subscribersForSheet,
} from "~/newsletter/subscriber-list.server";
import { subscriberSheet, subscriberSheetName } from "~/newsletter/subscriber-sheet";
import { torontoDate } from "~/platform/clock/toronto-time";
import { STAFF_RESPONSE_HEADERS } from "~/staff/accounts/session.server";
import { readAsStaff } from "~/staff/editor/editor.server";

const refusal = (status: number, message: string) =>
  new Response(message, {
    status,
    headers: { ...STAFF_RESPONSE_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
  });

/** The newsletter's list with each address's consent record, for owners, as a CSV file. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = parseSubscriberQuery(new URL(request.url).searchParams);
  if (!parsed.ok) return refusal(400, parsed.problem);
  const rows = await readAsStaff(context, async (tx) =>
    (await signedInOwner(tx)) ? subscribersForSheet(tx, parsed.query.state) : null,
  );
  if (!rows) return refusal(403, OWNERS_ONLY_SUBSCRIBERS);
  return new Response(subscriberSheet(rows), {
    headers: {
      ...STAFF_RESPONSE_HEADERS,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${subscriberSheetName(parsed.query.state, torontoDate(new Date()))}"`,
    },
  });
}
