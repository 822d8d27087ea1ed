// Icons the site draws already: a new one would join the scripts every page loads.
import { BackLink } from "~/platform/ui/editor-parts";
import { ListSearch } from "~/platform/ui/list-search";
import {
  CircleCheckIcon,
  CircleSlashIcon,
  ClockIcon,
  DownloadIcon,
  MailIcon,
  UserMinusIcon,
} from "lucide-react";
import { cn } from "~/platform/cn";
import { buttonVariants } from "~/platform/ui/button";
import { Confirmation } from "~/platform/ui/confirmation";
import { Link } from "~/platform/ui/link";
import { NewerOlder } from "~/platform/ui/newer-older";
import { RefusedNotice } from "~/platform/ui/refused-notice";
import { StateLine, type BadgeState } from "~/platform/ui/state-badge";
import {
  CONSENT_FORM_WORDS,
  NEWSLETTER_PATH,
  OWNERS_ONLY_SUBSCRIBERS,
  STATE_LABELS,
  SUBSCRIBER_SEARCH_MAX,
  SUBSCRIBER_STATES,
  SUBSCRIBERS_SHEET_PATH,
  formatDay,
  formatMoment,
  subscriberWhen,
  subscribersLink,
  type SubscriberCounts,
  type SubscriberQuery,
  type SubscriberRow,
  type SubscriberState,
} from "./subscriber-list";

/** What the list's page shows: counts to all the staff, the rest to owners. */
export type SubscribersPageData = {
  counts: SubscriberCounts;
  owner: boolean;
  /** What was wrong with the address's query, in words; no rows are shown then. */
  problem: string | null;
  query: SubscriberQuery;
  /** A page of rows, for an owner whose query was readable. */
  list: { rows: SubscriberRow[]; total: number; page: number; pageCount: number } | null;
  /** The row `?remove=` asks about, or null when it names none on the list. */
  removing: SubscriberRow | null;
  /** Why the removal asked about cannot be shown (no such address on the list). */
  notice: string | null;
};

/** What a post to the list answers when it does not go back to it. */
export type SubscribersActionData = { formError: string };

const BADGES: Record<SubscriberState, BadgeState> = {
  confirmed: { tone: "new", icon: CircleCheckIcon, label: STATE_LABELS.confirmed },
  waiting: { tone: "waiting", icon: ClockIcon, label: STATE_LABELS.waiting },
  unsubscribed: { tone: "done", icon: CircleSlashIcon, label: STATE_LABELS.unsubscribed },
};

const addresses = (count: number) => `${count} ${count === 1 ? "address" : "addresses"}`;

/**
 * The newsletter's subscribers: how many in each state for all the staff;
 * for owners, the list itself (by state, searched, a page at a time), each
 * address's consent record, the export and the removal.
 */
export function SubscribersPage({
  loaderData,
  actionData,
}: {
  loaderData: SubscribersPageData;
  actionData?: unknown;
}) {
  const { counts, owner, problem, query, list, removing, notice } = loaderData;
  const formError = (actionData as SubscribersActionData | undefined)?.formError;
  const here = subscribersLink(query);

  return (
    <>
      <BackLink to={NEWSLETTER_PATH}>Newsletter</BackLink>
      <h1 className="mt-2 flex items-center gap-3 text-4xl tracking-tight">
        <MailIcon aria-hidden="true" className="size-8 shrink-0" />
        Newsletter subscribers
      </h1>
      <p className="mt-2 max-w-prose text-lg text-muted-foreground">
        {owner
          ? "Who asked for the pub's newsletter, and who left. For every address the pub mails, Canada's anti-spam law asks it to show when and how they said yes: that record is kept with each address here and in the export."
          : `How many people get the pub's newsletter. ${OWNERS_ONLY_SUBSCRIBERS}`}
      </p>

      <Counts counts={counts} />

      {formError ? <RefusedNotice message={formError} /> : null}
      {notice ? <RefusedNotice message={notice} /> : null}
      {problem ? (
        <>
          <RefusedNotice message={problem} />
          {owner ? (
            <Link
              to={subscribersLink({ state: null, q: "", page: 1 })}
              className="mt-4 inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4"
            >
              Show the whole list
            </Link>
          ) : null}
        </>
      ) : null}

      {owner && !problem && list ? (
        <>
          <StateFilter query={query} counts={counts} />
          <SearchForm query={query} />
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
            <p className="font-semibold" role="status">
              {list.total === 0
                ? query.q
                  ? `No addresses match “${query.q}”.`
                  : "No addresses here yet."
                : `${addresses(list.total)}${query.q ? ` matching “${query.q}”` : ""}${
                    list.pageCount > 1 ? `, page ${list.page} of ${list.pageCount}` : ""
                  }, the latest change first.`}
              {query.q ? (
                <>
                  {" "}
                  <Link
                    to={subscribersLink({ ...query, q: "", page: 1 })}
                    className="font-normal text-primary underline underline-offset-4"
                  >
                    Show all
                  </Link>
                </>
              ) : null}
            </p>
            <a
              href={subscribersLink(
                { state: query.state, q: "", page: 1 },
                {},
                SUBSCRIBERS_SHEET_PATH,
              )}
              download
              className={buttonVariants({ variant: "outline", className: "w-full sm:w-auto" })}
            >
              <DownloadIcon aria-hidden="true" />
              {query.state
                ? `Export the ${STATE_LABELS[query.state].toLowerCase()} as CSV`
                : "Export all as CSV"}
            </a>
          </div>

          {list.rows.length > 0 ? (
            <ul
              aria-label="Subscribers"
              className="mt-4 divide-y divide-border border-y border-border"
            >
              {list.rows.map((row) => (
                <SubscriberItem key={row.id} row={row} query={query} />
              ))}
            </ul>
          ) : null}

          <NewerOlder
            page={list.page}
            pageCount={list.pageCount}
            pageLink={(page) => subscribersLink({ ...query, page })}
          />
        </>
      ) : null}

      {owner && removing ? <RemovalConfirmation row={removing} page={here} /> : null}
    </>
  );
}

/** How many addresses are in each state, at the top for everyone. */
function Counts({ counts }: { counts: SubscriberCounts }) {
  return (
    <dl
      className="mt-6 grid max-w-2xl grid-cols-2 gap-3 sm:grid-cols-3"
      aria-label="Subscribers by state"
    >
      {SUBSCRIBER_STATES.map((state) => (
        <div key={state} className="border-2 border-border p-3">
          <dt className="text-sm font-semibold text-muted-foreground sm:text-base">
            {STATE_LABELS[state]}
          </dt>
          <dd className="text-3xl font-semibold tabular-nums" data-testid={`count-${state}`}>
            {counts[state]}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The states to show, as links that keep the search: they work without scripts. */
function StateFilter({ query, counts }: { query: SubscriberQuery; counts: SubscriberCounts }) {
  const choices: { state: SubscriberState | null; label: string }[] = [
    { state: null, label: "All" },
    ...SUBSCRIBER_STATES.map((state) => ({ state, label: STATE_LABELS[state] })),
  ];
  return (
    <nav aria-label="Show" className="mt-8 flex flex-wrap gap-2">
      {choices.map(({ state, label }) => {
        const current = query.state === state;
        const count = state
          ? counts[state]
          : counts.confirmed + counts.waiting + counts.unsubscribed;
        return (
          <Link
            key={label}
            to={subscribersLink({ state, q: query.q, page: 1 })}
            aria-current={current ? "page" : undefined}
            className={buttonVariants({
              variant: current ? "default" : "outline",
              size: "sm",
              className: "min-h-11",
            })}
          >
            {label} <span className="tabular-nums">({count})</span>
          </Link>
        );
      })}
    </nav>
  );
}

/** The search by part of an address; the state shown stays chosen. */
function SearchForm({ query }: { query: SubscriberQuery }) {
  return (
    <ListSearch
      id="subscribers-q"
      label="Search addresses"
      defaultValue={query.q}
      maxLength={SUBSCRIBER_SEARCH_MAX}
      placeholder="Part of an address…"
      keep={query.state ? <input type="hidden" name="state" value={query.state} /> : null}
      className="mt-4"
    />
  );
}

/** One address: its state and since when, its consent record, and the way to remove it. */
function SubscriberItem({ row, query }: { row: SubscriberRow; query: SubscriberQuery }) {
  return (
    <li className="flex flex-wrap items-start gap-x-6 gap-y-2 py-4" data-testid="subscriber">
      <div className="min-w-0 flex-1 basis-64">
        <p className="text-lg font-semibold break-all">{row.email}</p>
        <div className="mt-1">
          <StateLine state={BADGES[row.state]} when={subscriberWhen(row)} />
        </div>
        {row.state === "unsubscribed" ? (
          <p className="mt-1 text-sm text-muted-foreground">
            Their consent record was cleared when they left; only the address and when and how are
            kept.
          </p>
        ) : (
          <ConsentRecord row={row} />
        )}
      </div>
      {row.state === "unsubscribed" ? null : (
        <Link
          to={subscribersLink(query, { remove: String(row.id) })}
          preventScrollReset
          className={buttonVariants({ variant: "ghost", size: "sm", className: "min-h-11" })}
        >
          <UserMinusIcon aria-hidden="true" />
          Remove
          <span className="sr-only"> {row.email}</span>
        </Link>
      )}
    </li>
  );
}

/** The consent CASL asks the pub to keep: the words, the form, when, and who the pub was. */
function ConsentRecord({ row }: { row: SubscriberRow }) {
  return (
    <details className="group mt-2">
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-primary underline-offset-4 hover:underline">
        Consent record
        <span className="sr-only"> of {row.email}</span>
      </summary>
      <dl className="mt-1 grid gap-x-4 gap-y-1 border-l-4 border-border pl-4 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">They agreed to</dt>
        <dd className="break-words">“{row.consentWording}”</dd>
        <dt className="font-semibold">On</dt>
        <dd>{CONSENT_FORM_WORDS[row.consentForm!]}</dd>
        <dt className="font-semibold">When</dt>
        <dd>{formatMoment(row.consentedAt!)}</dd>
        <dt className="font-semibold">Confirmed</dt>
        <dd>
          {row.confirmedAt
            ? formatMoment(row.confirmedAt)
            : `Not yet: the link mailed to them runs out ${formatDay(row.confirmExpiresAt!)}`}
        </dd>
        <dt className="font-semibold">The pub then</dt>
        <dd className={cn("break-words whitespace-pre-line")}>
          {row.pubName}
          {"\n"}
          {row.pubPostalAddress}
        </dd>
      </dl>
    </details>
  );
}

/** The question before a removal; the removal is its own post. */
function RemovalConfirmation({ row, page }: { row: SubscriberRow; page: string }) {
  return (
    <Confirmation
      question={`Remove ${row.email} from the newsletter?`}
      titleId="remove-title"
      tone="destructive"
      className="mt-10"
      page={page}
      intent="remove"
      fields={{ id: row.id }}
      icon={<UserMinusIcon aria-hidden="true" />}
      yesLabel="Yes, remove"
      pendingLabel="Removing…"
      keepLabel="Keep them"
      refused={
        row.state === "unsubscribed"
          ? `${row.email} is already off the list (${subscriberWhen(row).toLowerCase()}), so there is nothing to remove.`
          : undefined
      }
    >
      <p className="mt-3">
        {row.state === "waiting"
          ? "Their request is cancelled at once: the confirmation link mailed to them stops working, and nothing more is sent to them."
          : "They get no more of the pub's newsletter, starting now; mail waiting for them is not sent."}
      </p>
      <p className="mt-2">
        Their consent record is cleared. The list keeps their address, when, and that you removed
        them. The pub cannot put them back. They can sign up again themselves.
      </p>
    </Confirmation>
  );
}
