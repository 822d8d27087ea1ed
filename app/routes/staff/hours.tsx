import type { z } from "zod";
import type { Route } from "./+types/hours";
import type { DailyHours } from "~/hours/opening-hours";
import type { FieldErrors } from "~/platform/forms/form-check";
import type { FormSpec } from "~/platform/forms/form-spec";
import {
  closedDayForm,
  closingEarlyForm,
  kitchenEarlyForm,
  weekForm,
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
import { runsPast } from "~/staff/tonight/runs-past.server";

export async function loader({ context }: Route.LoaderArgs) {
  const now = new Date();
  const today = torontoDate(now);
  const tonight = tonightDate(now);
  return readAsStaff(context, async (tx) => {
    const [week, exceptions, night] = await Promise.all([
      readWeek(tx),
      listExceptions(tx, today),
      hoursOfNight(tx, tonight),
    ]);
    return { week, exceptions, today, tonight, tonightHours: night.hours };
  });
}

/** Why tonight's quick changes cannot apply: another exception already sets tonight. */
function tonightTakenMessage(other: EditableException): string {
  return `Tonight already has an exception, ${describeException(other)}. Change that one instead.`;
}

/** Closing early, or the kitchen closing early, tonight: `field` is the time it changes. */
function tonightsChange<Field extends "closesAt" | "kitchenClosesAt", Schema extends z.ZodType>(
  form: FormSpec<Field, Schema, { tonight: DailyHours | null }>,
  field: Field,
  note: string,
) {
  return {
    form,
    async handle(post: FormData, { context }: Route.ActionArgs) {
      const tonight = tonightDate(new Date());
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
      // What the new time cuts short tonight, in the toast's words.
      const said = await readAsStaff(context, async (tx) => {
        const { hours } = await hoursOfNight(tx, tonight);
        const time = hours?.[field];
        return hours && time
          ? runsPast(
              tx,
              tonight,
              hours,
              time,
              field === "closesAt" ? "closing" : "the kitchen closing",
            )
          : "";
      });
      return redirectSaved("/staff/hours", said || undefined);
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
]);

export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Hours", matches);
export const headers = staffPageHeaders;

export default function HoursPage({ loaderData, actionData }: Route.ComponentProps) {
  return <HoursEditor {...loaderData} actionData={actionData} />;
}
