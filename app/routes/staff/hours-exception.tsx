import type { Route } from "./+types/hours-exception";
import { checkbox } from "~/platform/ui/checked-form";
import { CheckboxField, TextField } from "~/platform/ui/form-fields";
import {
  NOTE_MAX,
  exceptionFields,
  exceptionLabels,
  exceptionValues,
  type ExceptionField,
} from "~/hours/hours-editor";
import { formatDateRange } from "~/platform/clock/time-words";
import {
  deleteException,
  getException,
  overlapMessage,
  saveException,
} from "~/hours/hours-editor.server";
import { exceptionSchema } from "~/hours/hours-rules";
import { torontoDate } from "~/platform/clock/toronto-time";
import { checkForm } from "~/platform/form-check";
import { redirectWithToast } from "~/platform/toast.server";
import {
  BackLink,
  DeleteSection,
  EditorForm,
  EditorHeading,
  editorAnswer,
} from "~/staff/editor/editor-ui";
import { editorAction, editorRow, editorRowId } from "~/staff/editor/editor.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { staffMeta } from "~/staff/staff-meta";

const FORM_ID = "hours-exception";
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = editorRowId(params.id);
  const today = torontoDate(new Date());
  return { exception: await editorRow(context, id, getException), today };
}

export const action = editorAction({
  formId: FORM_ID,
  fields: exceptionFields,
  schema: () => exceptionSchema(torontoDate(new Date())),
  find: getException,
  remove: deleteException,
  deleted: () => redirectWithToast("/staff/hours", { type: "success", title: "Deleted." }),
  async save(tx, id, exception) {
    const saved = await saveException(tx, exception, id === "new" ? null : id);
    if (saved.ok) return saved.id;
    if ("missing" in saved) return null;
    return { refused: { startsOn: overlapMessage(saved.overlap) } };
  },
  savedTo: () => "/staff/hours",
});

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  staffMeta(
    loaderData?.exception
      ? `Hours for ${formatDateRange(loaderData.exception.startsOn, loaderData.exception.endsOn)}`
      : "Add an exception to the hours",
    matches,
  );

export const headers = staffPageHeaders;

export default function HoursExceptionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { exception, today } = loaderData;
  const { form: answer, confirmingDelete } = editorAnswer<ExceptionField>(actionData);
  const title = exception
    ? formatDateRange(exception.startsOn, exception.endsOn)
    : "Add an exception";

  return (
    <>
      <BackLink to="/staff/hours">All hours</BackLink>
      <div className="mt-4">
        <EditorHeading
          title={title}
          intro="A holiday, a closure or a night with different hours. The days it covers use these hours instead of the regular week."
        />
      </div>
      <EditorForm<ExceptionField>
        id={FORM_ID}
        fields={exceptionFields}
        labels={exceptionLabels}
        actionData={answer}
        initialValues={exception ? exceptionValues(exception) : {}}
        loadValidator={() =>
          import("~/hours/hours-rules").then((rules) => (values) => {
            const checked = checkForm(rules.exceptionSchema(today), values);
            return checked.ok ? {} : checked.errors;
          })
        }
        submitLabel={exception ? "Save changes" : "Add the exception"}
        className="mt-8 max-w-2xl space-y-6"
      >
        {(field) => (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField {...field("startsOn")} type="date" label="First day" />
              <TextField
                {...field("endsOn")}
                type="date"
                label="Last day"
                hint="Leave empty for one day."
                optional
              />
            </div>
            <CheckboxField
              {...checkbox(field("closed"))}
              label="Closed all day"
              hint="When ticked, the times below are not used."
              optional
            />
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField {...field("opensAt")} type="time" label="Opens" conditional />
              <TextField
                {...field("closesAt")}
                type="time"
                label="Closes"
                hint="Before opening means after midnight, up to 6 am."
                conditional
              />
              <TextField
                {...field("kitchenClosesAt")}
                type="time"
                label="Kitchen closes"
                optional
              />
            </div>
            <TextField
              {...field("note")}
              label="Note"
              hint="Visitors see it beside the date: “Boxing Day hours”."
              limit={NOTE_MAX}
              optional
            />
          </>
        )}
      </EditorForm>
      {exception ? (
        <DeleteSection
          what={`the hours for ${title}`}
          consequence="The regular hours apply to these days again."
          confirming={confirmingDelete}
          keepTo={`/staff/hours/exceptions/${exception.id}`}
        />
      ) : null}
    </>
  );
}
