import { ClockIcon } from "lucide-react";
import { Fragment, type ReactNode } from "react";
import { formatLongDate, formatTimeRange, formatWallTime } from "~/platform/clock/time-words";
import { EditorForm } from "~/platform/forms/editor-form";
import { answerFor } from "~/platform/forms/form-check";
import { Link } from "~/platform/ui/link";
import { RefusedNotice } from "~/platform/ui/refused-notice";
import { endEventsForm } from "./end-events";
import {
  endLabel,
  eventToken,
  noticeTitle,
  runsPastWords,
  specialsWords,
  type NightCut,
  type NightEvent,
} from "./night-cut";

/** Each event's name, linked to its editor, as a sentence lists them; with its times when asked. */
function EventNames({ events, times }: { events: readonly NightEvent[]; times?: boolean }) {
  return events.map((event, index) => (
    <Fragment key={event.id}>
      {index === 0 ? "" : index === events.length - 1 ? " and " : ", "}
      <Link
        to={`/staff/events/${event.id}`}
        className="font-semibold text-primary underline underline-offset-4"
      >
        {event.title}
      </Link>
      {times ? ` (${formatTimeRange(event.startsAt, event.endsAt)})` : ""}
    </Fragment>
  ));
}

/**
 * What closing early (or the kitchen closing early) cuts short on a night,
 * on the hours page itself rather than only in a toast: the specials it
 * ends, and the events that run past it with a one-tap offer to end them at
 * the new time, a plain form post. Events that start after it are named
 * with their pages, to change or cancel. A refused offer's reason shows here
 * too, over what runs past closing now.
 */
export function NightNotice({ cut, actionData }: { cut: NightCut | null; actionData: unknown }) {
  const refused = answerFor(endEventsForm.id, actionData)?.formError ?? null;
  if (!cut) return refused ? <RefusedNotice message={refused} /> : null;
  const specials = specialsWords(cut);
  const { endable, startAfter, endingThen, time } = cut;
  const nothing = specials.length + endable.length + startAfter.length + endingThen.length === 0;
  if (nothing && !refused) return null;
  const clock = formatWallTime(time);
  const said = (children: ReactNode) => <p className="mt-2 text-pretty">{children}</p>;

  return (
    <section
      aria-labelledby="night-notice-heading"
      className="mt-6 border-l-4 border-primary bg-muted/60 p-4 sm:p-5"
      data-testid="night-notice"
    >
      <h2 id="night-notice-heading" className="text-xl font-semibold text-balance">
        {noticeTitle(cut, formatLongDate(cut.date))}
      </h2>
      {specials.map((sentence) => (
        <Fragment key={sentence}>{said(sentence)}</Fragment>
      ))}
      {endable.length > 0 ? (
        <>
          {said(
            <>
              <EventNames events={endable} times /> {runsPastWords(endable.length, cut.closing)}.
            </>,
          )}
          <EditorForm
            form={endEventsForm}
            label={endLabel(endable.length, time)}
            actionData={actionData}
            hidden={
              <>
                <input type="hidden" name="night" value={cut.date} />
                <input type="hidden" name="closing" value={cut.closing} />
                <input type="hidden" name="time" value={time} />
                <input type="hidden" name="events" value={endable.map(eventToken).join(" ")} />
              </>
            }
            submitLabel={endLabel(endable.length, time)}
            submitIcon={<ClockIcon aria-hidden="true" />}
            submitClassName="w-full sm:w-auto"
            className="mt-3 space-y-3"
          >
            {() => null}
          </EditorForm>
        </>
      ) : refused ? (
        <RefusedNotice message={refused} />
      ) : null}
      {endingThen.length > 0
        ? said(
            <>
              <EventNames events={endingThen} /> {endingThen.length === 1 ? "ends" : "end"} at{" "}
              {clock}, at {cut.closing === "closing" ? "closing" : "the kitchen's closing"}.
            </>,
          )
        : null}
      {startAfter.length > 0
        ? said(
            <>
              <EventNames events={startAfter} times />{" "}
              {startAfter.length === 1 ? "starts" : "start"} at {clock} or later, so{" "}
              {startAfter.length === 1 ? "it" : "they"} cannot end then: change or cancel{" "}
              {startAfter.length === 1 ? "it" : "them"} on{" "}
              {startAfter.length === 1 ? "its" : "their"} page.
            </>,
          )
        : null}
      {nothing ? said(`Nothing runs past ${clock} now.`) : null}
    </section>
  );
}
