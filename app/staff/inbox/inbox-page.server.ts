import type { LoaderFunctionArgs } from "react-router";
import { databaseContext } from "~/platform/context";
import { staffClaims } from "~/staff/accounts/session.server";
import { recentChanges } from "~/staff/changes/recent-changes.server";
import { sampleContentLeft } from "~/staff/first-run.server";
import { EXCERPT_LENGTH, listEnquiries } from "./enquiry-inbox.server";
import { inboxQuerySchema } from "./inbox-query.server";

/**
 * The staff home (app/routes/staff/inbox.tsx): a page of enquiries, found by
 * a search or not, the latest change, and the sample content still shown.
 */
export async function loadInbox({ request, context }: LoaderFunctionArgs) {
  const search = Object.fromEntries(new URL(request.url).searchParams);
  const { q, page } = inboxQuerySchema.parse(search);
  const db = await context.get(databaseContext)();
  const result = await listEnquiries(db, staffClaims(context), { query: q, page });
  const changes = await recentChanges(db, staffClaims(context), { limit: 1 });
  const sampleLeft = await sampleContentLeft(db, staffClaims(context));
  // An excerpt as long as excerpts go is cut short: it says so.
  const enquiries = result.enquiries.map((enquiry) =>
    [...enquiry.excerpt].length < EXCERPT_LENGTH
      ? enquiry
      : { ...enquiry, excerpt: `${enquiry.excerpt.trimEnd()}…` },
  );
  return { ...result, enquiries, q, changes, sampleLeft };
}

export type InboxPageData = Awaited<ReturnType<typeof loadInbox>>;
