import { BanIcon, ClockIcon, PlusIcon, UtensilsCrossedIcon } from "lucide-react";
import type { ReactNode } from "react";
import { data } from "react-router";
import type { Route } from "./+types/hours";
import { buttonVariants } from "~/platform/ui/button";
import { Link } from "~/platform/ui/link";
import { checkbox, type BoundField } from "~/platform/ui/checked-form";
import { CheckboxField, TextField } from "~/platform/ui/form-fields";
import { formatLongDate, formatDateRange, formatWallTime } from "~/platform/clock/time-words";
import { formatDayLine } from "~/hours/hours-summary";
import {
  HOURS_FORMS,
  NOTE_MAX,
  WEEK_ORDER,
  closedDayFields,
  closingEarlyFields,
  dayFields,
  formatDayHours,
  kitchenEarlyFields,
  weekFields,
  weekValues,
  weekLabels,
  type ClosedDayField,
  type ClosingEarlyField,
  type KitchenEarlyField,
  type WeekField,
} from "~/hours/hours-editor";
import { tonightDate } from "~/platform/clock/pub-day";
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
} from "~/hours/hours-editor.server";
import {
  closedDaySchema,
  closingEarlySchema,
  kitchenEarlySchema,
  weekHoursSchema,
} from "~/hours/hours-rules";
import { WEEKDAY_NAMES, torontoDate } from "~/platform/clock/toronto-time";
import { cn } from "~/platform/cn";
import { checkForm, type CheckedFormData, type FieldErrors } from "~/platform/form-check";
import {
  EditorForm,
  EditorHeading,
  EditorList,
  EditorListItem,
  StatusBadge,
} from "~/staff/editor/editor-ui";
import {
  saveAgainMessage,
  checkPost,
  readAsStaff,
  redirectSaved,
  writeAsStaff,
} from "~/staff/editor/editor.server";
import { keepsFormOnOutage } from "~/staff/editor/outage.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { staffMeta } from "~/staff/staff-meta";

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

type FormId = (typeof HOURS_FORMS)[keyof typeof HOURS_FORMS];
/** A refused post, with the form it came from so only that form shows it. */
type HoursActionData = CheckedFormData<string> & { formId: FormId };

function refuse<Field extends string>(
  formId: FormId,
  values: Partial<Record<Field, string>>,
  errors: FieldErrors<Field>,
) {
  const formError = saveAgainMessage(Object.keys(errors).length);
  return data<HoursActionData>({ formId, values, errors, formError }, { status: 400 });
}

/** Why tonight's quick changes cannot apply: another exception already sets tonight. */
function tonightTakenMessage(other: EditableException): string {
  return `Tonight already has an exception, ${describeException(other)}. Change that one instead.`;
}

/** The form comes back as typed when the database cannot take it. */
export const action = keepsFormOnOutage(
  {
    [HOURS_FORMS.week]: { fields: weekFields },
    [HOURS_FORMS.closedDay]: { fields: closedDayFields },
    [HOURS_FORMS.closingEarly]: { fields: closingEarlyFields },
    [HOURS_FORMS.kitchenEarly]: { fields: kitchenEarlyFields },
  },
  async ({ context }: Route.ActionArgs, form) => {
    const now = new Date();
    const today = torontoDate(now);
    const tonight = tonightDate(now);
    const formId = form.get("form-id");

    if (formId === HOURS_FORMS.week) {
      const post = checkPost(form, weekFields, weekHoursSchema());
      if (!post.ok) return refuse(formId, post.values, post.errors);
      await writeAsStaff(context, (tx) => saveWeek(tx, post.data));
      return redirectSaved("/staff/hours");
    }

    if (formId === HOURS_FORMS.closedDay) {
      const post = checkPost(form, closedDayFields, closedDaySchema(today));
      if (!post.ok) return refuse(formId, post.values, post.errors);
      const { date, note } = post.data;
      const saved = await writeAsStaff(context, (tx) =>
        saveException(
          tx,
          {
            startsOn: date,
            endsOn: date,
            closed: true,
            opensAt: null,
            closesAt: null,
            kitchenClosesAt: null,
            note,
          },
          null,
        ),
      );
      if (!saved.ok && "overlap" in saved) {
        return refuse<ClosedDayField>(formId, post.values, { date: overlapMessage(saved.overlap) });
      }
      return redirectSaved("/staff/hours");
    }

    if (formId === HOURS_FORMS.closingEarly || formId === HOURS_FORMS.kitchenEarly) {
      const { hours, exception } = await readAsStaff(context, (tx) => hoursOfNight(tx, tonight));
      const closing = formId === HOURS_FORMS.closingEarly;
      const post = closing
        ? checkPost(form, closingEarlyFields, closingEarlySchema(hours))
        : checkPost(form, kitchenEarlyFields, kitchenEarlySchema(hours));
      const field = closing ? "closesAt" : "kitchenClosesAt";
      if (!post.ok && exception && !hours) {
        return refuse<string>(formId, post.values, { [field]: tonightTakenMessage(exception) });
      }
      if (!post.ok) return refuse<string>(formId, post.values, post.errors);
      const changed = await writeAsStaff(context, (tx) =>
        changeNight(
          tx,
          tonight,
          post.data,
          closing ? "Closing early tonight" : "Kitchen closing early tonight",
        ),
      );
      if (!changed.ok) {
        const message =
          changed.reason === "closed"
            ? "The pub is not open tonight."
            : tonightTakenMessage(changed.other);
        return refuse<string>(formId, post.values, { [field]: message });
      }
      return redirectSaved("/staff/hours");
    }

    throw data("Choose which hours to save.", { status: 400 });
  },
);

export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Hours", matches);

export const headers = staffPageHeaders;

const loadRules = () => import("~/hours/hours-rules");

/** The answer for `formId`'s own form, or nothing when another form posted. */
function answerFor<Field extends string>(
  actionData: HoursActionData | undefined,
  formId: FormId,
): CheckedFormData<Field> | undefined {
  return actionData?.formId === formId ? (actionData as CheckedFormData<Field>) : undefined;
}

export default function HoursPage({ loaderData, actionData }: Route.ComponentProps) {
  const { week, exceptions, today, tonight, tonightHours } = loaderData;
  const answer = actionData as HoursActionData | undefined;
  const upcoming = exceptions.filter((exception) => exception.endsOn >= today);
  const recent = exceptions.filter((exception) => exception.endsOn < today);

  return (
    <>
      <EditorHeading
        title="Hours"
        intro="Tonight's changes, holidays and the regular week. A save shows on the site at once."
      />

      <section aria-labelledby="tonight-heading" className="mt-10">
        <h2 id="tonight-heading" className="text-2xl tracking-tight">
          Tonight, {formatLongDate(tonight)}
        </h2>
        <p className="mt-1 text-lg text-muted-foreground" data-testid="tonight-hours">
          {formatDayHours(tonightHours)}
        </p>
        <div className="mt-6 grid gap-8 md:grid-cols-3">
          {tonightHours ? (
            <>
              <QuickTimeForm<ClosingEarlyField>
                id={HOURS_FORMS.closingEarly}
                title="Closing early tonight"
                field="closesAt"
                label="We close at"
                hint={`Opens as usual at ${formatWallTime(tonightHours.opensAt)}.`}
                icon={<ClockIcon aria-hidden="true" />}
                submitLabel="Close early"
                actionData={answerFor(answer, HOURS_FORMS.closingEarly)}
                loadValidator={() =>
                  loadRules().then((rules) => (values) => {
                    const checked = checkForm(rules.closingEarlySchema(tonightHours), values);
                    return checked.ok ? {} : checked.errors;
                  })
                }
              />
              <QuickTimeForm<KitchenEarlyField>
                id={HOURS_FORMS.kitchenEarly}
                title="Kitchen closes early tonight"
                field="kitchenClosesAt"
                label="Kitchen closes at"
                hint="The bar keeps its hours."
                icon={<UtensilsCrossedIcon aria-hidden="true" />}
                submitLabel="Close the kitchen"
                actionData={answerFor(answer, HOURS_FORMS.kitchenEarly)}
                loadValidator={() =>
                  loadRules().then((rules) => (values) => {
                    const checked = checkForm(rules.kitchenEarlySchema(tonightHours), values);
                    return checked.ok ? {} : checked.errors;
                  })
                }
              />
            </>
          ) : null}
          <ClosedDayForm
            tonight={tonight}
            today={today}
            actionData={answerFor(answer, HOURS_FORMS.closedDay)}
          />
        </div>
      </section>

      <section aria-labelledby="exceptions-heading" className="mt-14">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="exceptions-heading" className="text-3xl tracking-tight">
            Holidays and special hours
          </h2>
          <Link
            to="/staff/hours/exceptions/new"
            className={cn(buttonVariants(), "w-full sm:w-auto")}
          >
            <PlusIcon aria-hidden="true" />
            Add an exception
          </Link>
        </div>
        {upcoming.length === 0 ? (
          <p className="mt-4 text-lg text-muted-foreground">No exceptions coming up.</p>
        ) : (
          <EditorList label="Coming up">
            {upcoming.map((exception) => (
              <EditorListItem
                key={exception.id}
                to={`/staff/hours/exceptions/${exception.id}`}
                title={formatDateRange(exception.startsOn, exception.endsOn)}
                details={
                  <>
                    {exception.closed ? (
                      formatDayLine(null, exception.note)
                    ) : (
                      <>
                        {formatDayHours({
                          opensAt: exception.opensAt!,
                          closesAt: exception.closesAt!,
                          kitchenClosesAt: exception.kitchenClosesAt,
                        })}
                        {exception.note ? ` · ${exception.note}` : ""}
                      </>
                    )}
                  </>
                }
                badges={
                  exception.startsOn <= tonight && tonight <= exception.endsOn ? (
                    <StatusBadge tone="warning">Tonight</StatusBadge>
                  ) : null
                }
              />
            ))}
          </EditorList>
        )}
        {recent.length > 0 ? (
          <>
            <h3 className="mt-8 text-xl">Ended this past month</h3>
            <EditorList label="Ended this past month">
              {recent.map((exception) => (
                <EditorListItem
                  key={exception.id}
                  to={`/staff/hours/exceptions/${exception.id}`}
                  title={formatDateRange(exception.startsOn, exception.endsOn)}
                  details={exception.note || (exception.closed ? "Closed" : "Special hours")}
                />
              ))}
            </EditorList>
          </>
        ) : null}
      </section>

      <section aria-labelledby="week-heading" className="mt-14">
        <h2 id="week-heading" className="scroll-mt-28 text-3xl tracking-tight">
          Regular hours
        </h2>
        <p className="mt-2 text-lg text-muted-foreground">
          A closing time before the opening time is after midnight, up to 6 am. Leave the kitchen
          empty when food is served until closing.
        </p>
        <EditorForm<WeekField>
          id={HOURS_FORMS.week}
          titleId="week-heading"
          fields={weekFields}
          labels={weekLabels}
          actionData={answerFor(answer, HOURS_FORMS.week)}
          initialValues={weekValues(week)}
          loadValidator={() =>
            loadRules().then((rules) => (values) => {
              const checked = checkForm(rules.weekHoursSchema(), values);
              return checked.ok ? {} : checked.errors;
            })
          }
          submitLabel="Save the week"
          className="mt-6 space-y-6"
        >
          {(field) => WEEK_ORDER.map((day) => <DayFields key={day} day={day} field={field} />)}
        </EditorForm>
      </section>
    </>
  );
}

/** One day of the week's form: open or not, and its three times. */
function DayFields({ day, field }: { day: number; field: (name: WeekField) => BoundField }) {
  const [open, opens, closes, kitchen] = dayFields(day as (typeof WEEK_ORDER)[number]);
  const name = WEEKDAY_NAMES[day as (typeof WEEK_ORDER)[number]];
  return (
    <fieldset className="border-t border-border pt-5">
      <legend className="float-left w-full text-xl font-semibold">{name}</legend>
      <CheckboxField
        {...checkbox(field(open))}
        label={`Open on ${name}`}
        optional
        className="clear-left pt-3"
      />
      <div className="mt-3 grid gap-4 sm:grid-cols-3">
        <TextField {...field(opens)} type="time" label="Opens" conditional />
        <TextField {...field(closes)} type="time" label="Closes" conditional />
        <TextField {...field(kitchen)} type="time" label="Kitchen closes" optional />
      </div>
    </fieldset>
  );
}

/** A one-field form for tonight: a time, and a button that saves it. */
function QuickTimeForm<Field extends string>({
  id,
  title,
  field: name,
  label,
  hint,
  icon,
  submitLabel,
  actionData,
  loadValidator,
}: {
  id: FormId;
  title: string;
  field: Field;
  label: string;
  hint: string;
  icon: ReactNode;
  submitLabel: string;
  actionData: CheckedFormData<Field> | undefined;
  loadValidator: () => Promise<(values: Record<Field, string>) => FieldErrors<Field>>;
}) {
  const titleId = `${id}-title`;
  return (
    <div className="min-w-0 border-2 border-border p-4">
      <h3 id={titleId} className="text-xl font-semibold">
        {title}
      </h3>
      <EditorForm<Field>
        id={id}
        titleId={titleId}
        fields={[name]}
        labels={{ [name]: label } as Partial<Record<Field, string>>}
        actionData={actionData}
        loadValidator={loadValidator}
        submitLabel={submitLabel}
        submitIcon={icon}
        className="mt-3 space-y-4"
      >
        {(field) => <TextField {...field(name)} type="time" label={label} hint={hint} />}
      </EditorForm>
    </div>
  );
}

/** "Closed" for a day: the date (tonight unless changed) and the note visitors see. */
function ClosedDayForm({
  tonight,
  today,
  actionData,
}: {
  tonight: string;
  today: string;
  actionData: CheckedFormData<ClosedDayField> | undefined;
}) {
  const titleId = `${HOURS_FORMS.closedDay}-title`;
  return (
    <div className="min-w-0 border-2 border-border p-4">
      <h3 id={titleId} className="text-xl font-semibold">
        Closed for a day
      </h3>
      <EditorForm<ClosedDayField>
        id={HOURS_FORMS.closedDay}
        titleId={titleId}
        fields={closedDayFields}
        labels={{ date: "Day", note: "Reason" }}
        actionData={actionData}
        initialValues={{ date: tonight, note: "" }}
        loadValidator={() =>
          loadRules().then((rules) => (values) => {
            const checked = checkForm(rules.closedDaySchema(today), values);
            return checked.ok ? {} : checked.errors;
          })
        }
        submitLabel="Close that day"
        submitIcon={<BanIcon aria-hidden="true" />}
        className="mt-3 space-y-4"
      >
        {(field) => (
          <>
            <TextField {...field("date")} type="date" label="Day" />
            <TextField
              {...field("note")}
              label="Reason"
              hint="Visitors see it: “Closed for Christmas Day”."
              limit={NOTE_MAX}
            />
          </>
        )}
      </EditorForm>
    </div>
  );
}
