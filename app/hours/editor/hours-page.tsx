import { BanIcon, ClockIcon, PlusIcon, UtensilsCrossedIcon } from "lucide-react";
import type { ReactNode } from "react";
import type { z } from "zod";
import { WEEKDAY_NAMES } from "~/platform/clock/toronto-time";
import { formatDateRange, formatLongDate, formatWallTime } from "~/platform/clock/time-words";
import { cn } from "~/platform/cn";
import { checkbox, type BoundField } from "~/platform/forms/checked-form";
import { CheckboxField, TextField } from "~/platform/forms/form-fields";
import type { FormSpec } from "~/platform/forms/form-spec";
import { buttonVariants } from "~/platform/ui/button";
import { EditorHeading, EditorList, EditorListItem, StatusBadge } from "~/platform/ui/editor-parts";
import { Link } from "~/platform/ui/link";
import { EditorForm } from "~/platform/forms/editor-form";
import {
  NOTE_MAX,
  WEEK_ORDER,
  closedDayForm,
  closingEarlyForm,
  dayFields,
  formatDayHours,
  kitchenEarlyForm,
  weekForm,
  weekValues,
  type EditableException,
  type WeekField,
} from "./hours-editor";
import { formatDayLine } from "~/hours/hours-summary";
import type { DailyHours, WeeklyHours } from "~/hours/opening-hours";

/**
 * The staff page of the hours: tonight's quick changes (closing early, the
 * kitchen closing early, closed for a day), the holidays and other
 * exceptions, and the regular week.
 */
export function HoursEditor({
  week,
  exceptions,
  today,
  tonight,
  tonightHours,
  actionData,
  notice,
}: {
  week: readonly WeeklyHours[];
  exceptions: readonly EditableException[];
  today: string;
  tonight: string;
  tonightHours: DailyHours | null;
  /** The page's action data: each form shows its own answer. */
  actionData: unknown;
  /** Under the heading: what the last change to a night's closing cut short, when it says so. */
  notice?: ReactNode;
}) {
  const upcoming = exceptions.filter((exception) => exception.endsOn >= today);
  const recent = exceptions.filter((exception) => exception.endsOn < today);

  return (
    <>
      <EditorHeading
        title="Hours"
        intro="Tonight's changes, holidays and the regular week. A save shows on the site at once."
      />
      {notice}

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
              <QuickTimeForm
                form={closingEarlyForm}
                title="Closing early tonight"
                field="closesAt"
                label="We close at"
                hint={`Opens as usual at ${formatWallTime(tonightHours.opensAt)}.`}
                icon={<ClockIcon aria-hidden="true" />}
                submitLabel="Close early"
                tonight={tonightHours}
                actionData={actionData}
              />
              <QuickTimeForm
                form={kitchenEarlyForm}
                title="Kitchen closes early tonight"
                field="kitchenClosesAt"
                label="Kitchen closes at"
                hint="The bar keeps its hours."
                icon={<UtensilsCrossedIcon aria-hidden="true" />}
                submitLabel="Close the kitchen"
                tonight={tonightHours}
                actionData={actionData}
              />
            </>
          ) : null}
          <ClosedDayForm tonight={tonight} today={today} actionData={actionData} />
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
        <EditorForm
          form={weekForm}
          titleId="week-heading"
          actionData={actionData}
          initialValues={weekValues(week)}
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
  form,
  title,
  field: name,
  label,
  hint,
  icon,
  submitLabel,
  tonight,
  actionData,
}: {
  form: FormSpec<Field, z.ZodType, { tonight: DailyHours | null }>;
  title: string;
  field: Field;
  label: string;
  hint: string;
  icon: ReactNode;
  submitLabel: string;
  tonight: DailyHours | null;
  actionData: unknown;
}) {
  const titleId = `${form.id}-title`;
  return (
    <div className="min-w-0 border-2 border-border p-4">
      <h3 id={titleId} className="text-xl font-semibold">
        {title}
      </h3>
      <EditorForm
        form={form}
        rulesContext={{ tonight }}
        titleId={titleId}
        actionData={actionData}
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
  actionData: unknown;
}) {
  const titleId = `${closedDayForm.id}-title`;
  return (
    <div className="min-w-0 border-2 border-border p-4">
      <h3 id={titleId} className="text-xl font-semibold">
        Closed for a day
      </h3>
      <EditorForm
        form={closedDayForm}
        rulesContext={{ today }}
        titleId={titleId}
        actionData={actionData}
        initialValues={{ date: tonight, note: "" }}
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
