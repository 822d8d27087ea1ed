import { Undo2Icon } from "lucide-react";
import { neutraliseText } from "~/staff/display-text";
import { Confirmation } from "~/platform/ui/confirmation";
import type { StaffPageProps } from "~/staff/staff-page-props";
import { RefusedNotice } from "~/platform/ui/refused-notice";
import { CONFIRM_FIELD } from "~/staff/editor/editor-ui";
import { RECENT_CHANGES_LIMIT, type RecentChange } from "./recent-changes";
import { RecentChangesList } from "./recent-changes-view";
import type { ChangesActionData, ChangesPageData } from "./changes-page.server";
import { CHANGES_PATH } from "./undo";

/** The newest changes, old → new, and for an owner the question before an undo. */
export function ChangesPage({ loaderData, actionData }: StaffPageProps<ChangesPageData>) {
  const { changes, pictures, undoing } = loaderData;
  const formError = (actionData as ChangesActionData | undefined)?.formError;
  return (
    <>
      <h1 className="text-4xl tracking-tight">Recent changes</h1>
      <p className="mt-2 max-w-prose text-lg text-muted-foreground">
        The {RECENT_CHANGES_LIMIT} newest changes to the site, the staff list and the enquiries:
        what changed from what to what, by whom and when.
      </p>
      {formError ? <RefusedNotice message={formError} /> : null}
      {undoing ? <UndoConfirmation change={undoing} /> : null}
      <RecentChangesList changes={changes} pictures={pictures} />
    </>
  );
}

/** What undoing puts back, in a sentence. */
function undoConsequence(change: RecentChange): string {
  if (change.what.startsWith("Added ")) return `It removes what was added: ${change.what}.`;
  if (change.what.startsWith("Removed ")) return `It puts back what was removed: ${change.what}.`;
  return "The values before it come back, and visitors see them at once.";
}

/** The question before an undo; the undo is its own post. */
function UndoConfirmation({ change }: { change: RecentChange }) {
  return (
    <Confirmation
      question="Undo this change?"
      titleId="undo-title"
      tone="primary"
      className="mt-6"
      page={CHANGES_PATH}
      intent="undo"
      fields={{ id: change.id, [CONFIRM_FIELD]: "yes" }}
      icon={<Undo2Icon aria-hidden="true" />}
      yesLabel="Yes, undo"
      pendingLabel="Undoing…"
      keepLabel="Keep it"
    >
      <p className="mt-3 font-semibold break-words">{neutraliseText(change.summary)}</p>
      <p className="mt-1 text-muted-foreground">
        {neutraliseText(change.who)}, {change.when}
      </p>
      <p className="mt-3 break-words">{neutraliseText(undoConsequence(change))}</p>
    </Confirmation>
  );
}
