import { ListSearch } from "~/platform/ui/list-search";
import { cn } from "~/platform/cn";
import { Link } from "~/platform/ui/link";
import { LatestChange } from "~/staff/changes/recent-changes-view";
import { FirstRunChecklist } from "~/staff/first-run-checklist";
import type { StaffPageProps } from "~/staff/staff-page-props";
import type { EnquirySummary } from "./enquiry-inbox.server";
import { VisitorText, enquiryState, enquirySubject, formatReceived } from "./enquiry-views";
import type { InboxPageData } from "./inbox-page.server";
import { NewerOlder } from "~/platform/ui/newer-older";
import { StateLine } from "~/platform/ui/state-badge";

/** A page of the inbox, its search kept. */
function pageLink(q: string, page: number) {
  const search = new URLSearchParams();
  if (q) search.set("q", q);
  if (page > 1) search.set("page", String(page));
  const query = search.toString();
  return query ? `/staff?${query}` : "/staff";
}

/**
 * The staff home: the sample content still to replace, the enquiries
 * (searched, a page at a time, newest first) and the latest change.
 */
export function InboxPage({ loaderData }: StaffPageProps<InboxPageData>) {
  const { enquiries, total, unread, page, pageCount, q, changes, sampleLeft } = loaderData;
  const back = pageLink(q, page);
  return (
    <>
      <h1 className="text-4xl tracking-tight">Enquiries</h1>
      <p className="mt-2 text-lg text-muted-foreground">
        From the contact and venue forms, newest first.
      </p>

      <FirstRunChecklist items={sampleLeft} />

      <ListSearch
        id="inbox-q"
        label="Search enquiries"
        defaultValue={q}
        maxLength={200}
        placeholder="Name, email or any word…"
        className="mt-6"
      />

      <p className="mt-6 font-semibold" role="status">
        {total === 0
          ? q
            ? `No enquiries match “${q}”.`
            : "No enquiries yet."
          : `${total} ${total === 1 ? "enquiry" : "enquiries"}${q ? ` matching “${q}”` : ""}${
              pageCount > 1 ? `, page ${page} of ${pageCount}` : ""
            }. ${unread === 0 ? "None unread." : `${unread} unread.`}`}
        {q ? (
          <>
            {" "}
            <Link to="/staff" className="font-normal text-primary underline underline-offset-4">
              Show all
            </Link>
          </>
        ) : null}
      </p>

      {enquiries.length > 0 ? (
        <ul aria-label="Enquiries" className="mt-4 divide-y divide-border border-y border-border">
          {enquiries.map((enquiry) => (
            <EnquiryItem key={enquiry.id} enquiry={enquiry} back={back} />
          ))}
        </ul>
      ) : null}

      <NewerOlder page={page} pageCount={pageCount} pageLink={(to) => pageLink(q, to)} />

      <section aria-labelledby="recent-changes" className="mt-12">
        <h2 id="recent-changes" className="text-2xl">
          Recent changes
        </h2>
        <LatestChange change={changes[0]} />
        <Link
          to="/staff/changes"
          className="mt-2 inline-flex min-h-11 items-center font-semibold text-primary underline-offset-4 hover:underline"
        >
          All recent changes
        </Link>
      </section>
    </>
  );
}

/** One enquiry in the list, opened with `back` leading to this page of it. */
function EnquiryItem({ enquiry, back }: { enquiry: EnquirySummary; back: string }) {
  return (
    <li>
      {/* Not fetched ahead on hover: opening an enquiry marks it read. */}
      <Link
        to={`/staff/enquiries/${enquiry.id}?${new URLSearchParams({ back })}`}
        prefetch="none"
        className="group block py-4 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <StateLine state={enquiryState(enquiry)} when={formatReceived(enquiry.createdAt)} />
        <p
          className={cn(
            "mt-2 text-lg break-words group-hover:text-primary group-hover:underline",
            enquiry.readAt ? "font-semibold" : "font-bold",
          )}
        >
          <VisitorText text={enquiry.name} />{" "}
          <span className="font-normal text-muted-foreground">
            &lt;
            <VisitorText text={enquiry.email} />
            &gt;
          </span>
        </p>
        <p className="text-muted-foreground">{enquirySubject(enquiry)}</p>
        <p className="mt-1 line-clamp-2">
          <VisitorText text={enquiry.excerpt} />
        </p>
      </Link>
    </li>
  );
}
