import type { ShouldRevalidateFunction } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/hours";
import type { DailyHours } from "~/hours/opening-hours";
import type { FieldErrors } from "~/platform/forms/form-check";
import type { FormSpec } from "~/platform/forms/form-spec";
import {
  closedDayForm,
  closingEarlyForm,
  kitchenEarlyForm,
  nightAsked,
  nightPath,
  weekForm,
  type Closing,
} from "~/hours/editor/hours-editor";
import {
  changeNight,
  describeException,
  hoursOfNight,
  listExceptions,
  overlapMessage,
  readWeek,
  saveException,
  saveWeek,
  type EditableException,
  type NightChange,
} from "~/hours/editor/hours-editor.server";
import { HoursEditor } from "~/hours/editor/hours-page";
import { tonightDate } from "~/platform/clock/pub-day";
import { torontoDate } from "~/platform/clock/toronto-time";
import { checkPost, refusePost } from "~/platform/forms/form-post.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { readAsStaff, redirectSaved, writeAsStaff } from "~/staff/editor/editor.server";
import { staffAction } from "~/staff/editor/staff-action.server";
import { staffMeta } from "~/staff/staff-meta";
import { endEventsForm } from "~/staff/tonight/end-events";
import { endEvents } from "~/staff/tonight/end-events.server";
import { saysSomething } from "~/staff/tonight/night-cut";
import { nightCut } from "~/staff/tonight/night-cut.server";
import { NightNotice } from "~/staff/tonight/night-notice";

/** `?closing=<date>` (or `?kitchen=`): what that night's closing cuts short, above the forms. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const now = new Date();
  const today = torontoDate(now);
  const tonight = tonightDate(now);
  const asked = nightAsked(new URL(request.url).searchParams);
  return readAsStaff(context, async (tx) => {
    const [week, exceptions, night] = await Promise.all([
      readWeek(tx),
      listExceptions(tx, today),
      hoursOfNight(tx, tonight),
    ]);
    const notice = asked ? await nightCut(tx, asked.date, asked.closing, now) : null;
    return { week, exceptions, today, tonight, tonightHours: night.hours, notice };
  });
}

/** A refused offer to end events says why over what runs past closing now: read it again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("form-id") === endEventsForm.id || defaultShouldRevalidate;

/** Why tonight's quick changes cannot apply: another exception already sets tonight. */
function tonightTakenMessage(other: EditableException): string {
  return `Tonight already has an exception, ${describeException(other)}. Change that one instead.`;
}

/**
 * Closing early, or the kitchen closing early, tonight: `field` is the time
 * it changes. When that cuts something short, the page comes back telling
 * what, with the offer to end the events that run past it.
 */
function tonightsChange<Field extends "closesAt" | "kitchenClosesAt", Schema extends z.ZodType>(
  form: FormSpec<Field, Schema, { tonight: DailyHours | null }>,
  field: Field,
  note: string,
) {
  const closing: Closing = field === "closesAt" ? "closing" : "kitchen";
  return {
    form,
    async handle(post: FormData, { context }: Route.ActionArgs) {
      const now = new Date();
      const tonight = tonightDate(now);
      const { hours, exception } = await readAsStaff(context, (tx) => hoursOfNight(tx, tonight));
      const checked = await checkPost(post, form, { tonight: hours });
      // The one field's problem, in words.
      const refuse = (message: string) =>
        refusePost(form, checked.values, { [field]: message } as FieldErrors<Field>);
      if (!checked.ok) {
        if (exception && !hours) return refuse(tonightTakenMessage(exception));
        return refusePost(form, checked.values, checked.errors);
      }
      const change = checked.data as NightChange;
      const changed = await writeAsStaff(context, (tx) => changeNight(tx, tonight, change, note));
      if (!changed.ok) {
        const message =
          changed.reason === "closed"
            ? "The pub is not open tonight."
            : tonightTakenMessage(changed.other);
        return refuse(message);
      }
      const cut = await readAsStaff(context, (tx) => nightCut(tx, tonight, closing, now));
      return cut && saysSomething(cut)
        ? redirectSaved(
            nightPath(tonight, closing),
            "What it cuts short is at the top of the page.",
          )
        : redirectSaved("/staff/hours");
    },
  };
}

/** The week, tonight's quick changes, and closed for a day: each form saves on its own. */
export const action = staffAction<Route.ActionArgs>([
  {
    form: weekForm,
    async handle(post, { context }) {
      const checked = await checkPost(post, weekForm, undefined);
      if (!checked.ok) return refusePost(weekForm, checked.values, checked.errors);
      await writeAsStaff(context, (tx) => saveWeek(tx, checked.data));
      return redirectSaved("/staff/hours");
    },
  },
  {
    form: closedDayForm,
    async handle(post, { context }) {
      const today = torontoDate(new Date());
      const checked = await checkPost(post, closedDayForm, { today });
      if (!checked.ok) return refusePost(closedDayForm, checked.values, checked.errors);
      const { date, note } = checked.data;
      const closed = { startsOn: date, endsOn: date, closed: true, note } as const;
      const saved = await writeAsStaff(context, (tx) =>
        saveException(
          tx,
          { ...closed, opensAt: null, closesAt: null, kitchenClosesAt: null },
          null,
        ),
      );
      if (!saved.ok && "overlap" in saved) {
        return refusePost(closedDayForm, checked.values, { date: overlapMessage(saved.overlap) });
      }
      return redirectSaved("/staff/hours");
    },
  },
  tonightsChange(closingEarlyForm, "closesAt", "Closing early tonight"),
  tonightsChange(kitchenEarlyForm, "kitchenClosesAt", "Kitchen closing early tonight"),
  endEvents,
]);

export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Hours", matches);
export const headers = staffPageHeaders;

export default function HoursPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <HoursEditor
      {...loaderData}
      actionData={actionData}
      notice={<NightNotice cut={loaderData.notice} actionData={actionData} />}
    />
  );
}
