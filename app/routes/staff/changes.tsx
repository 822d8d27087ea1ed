import { Undo2Icon } from "lucide-react";
import { Suspense, lazy } from "react";
import { Form, data, redirect, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/changes";
import { databaseContext } from "~/platform/context";
import { DatabaseUnavailableError } from "~/platform/database/database.server";
import { redirectWithToast } from "~/platform/toast.server";
import { Button, buttonVariants } from "~/platform/ui/button";
import { Link } from "~/platform/ui/link";
import { useHydrated } from "~/platform/use-hydrated";
import { neutraliseText } from "~/staff/display-text";
import { parseRowId } from "~/staff/editor/editor.server";
import { DATABASE_UNREACHABLE, outageAnswer } from "~/staff/editor/outage.server";
import { RecentChangesList } from "~/staff/changes/recent-changes-view";
import { RECENT_CHANGES_LIMIT, type RecentChange } from "~/staff/changes/recent-changes";
import { changePictures, recentChanges } from "~/staff/changes/recent-changes.server";
import { confirmSession, staffClaims, staffPageHeaders } from "~/staff/accounts/session.server";
import { staffMeta } from "~/staff/staff-meta";
import { CHANGES_PATH, UNDO_WORDS } from "~/staff/changes/undo";
import { undoChange, undoForm } from "~/staff/changes/undo-change.server";
import { checkPost } from "~/platform/forms/form-post.server";
import { staffAction } from "~/staff/editor/staff-action.server";
import { CONFIRM_FIELD } from "~/staff/editor/editor-ui";

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = await context.get(databaseContext)();
  const changes = await recentChanges(db, staffClaims(context));
  // The question before an undo, with scripts or without: owners only.
  const undoId = parseRowId(new URL(request.url).searchParams.get("undo"));
  const undoing =
    changes.find((change) => change.id === undoId && change.undo.state === "offered") ?? null;
  return { changes, pictures: await changePictures(context, changes), undoing };
}

/** What a post to the changes answers when it does not go back to the list with a toast. */
export type ChangesActionData = { formError: string };

const refuse = (status: number, formError: string) =>
  data<ChangesActionData>({ formError }, { status });

/** Undo a change, after the question ("Yes, undo" posts `confirm=yes`). */
export const action = staffAction<Route.ActionArgs>(
  [
    {
      form: undoForm,
      async handle(post, { context }) {
        const checked = await checkPost(post, undoForm, undefined);
        if (!checked.ok) return refuse(400, UNDO_WORDS.badId);
        const { id, confirm } = checked.data;
        if (confirm !== "yes") throw redirect(`${CHANGES_PATH}?undo=${id}`);
        await confirmSession(context);
        let outcome;
        try {
          const db = await context.get(databaseContext)();
          outcome = await undoChange(db, staffClaims(context), id);
        } catch (error) {
          if (error instanceof DatabaseUnavailableError) throw outageAnswer(DATABASE_UNREACHABLE);
          throw error;
        }
        if (!outcome.ok) return refuse(outcome.status, outcome.message);
        return redirectWithToast(CHANGES_PATH, {
          type: "success",
          title: "Undone. Visitors see it now.",
          description: outcome.summary,
        });
      },
    },
  ],
  { notThisPage: () => refuse(400, UNDO_WORDS.badIntent) },
);

export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Recent changes", matches);

export const headers: Route.HeadersFunction = staffPageHeaders;

export default function ChangesPage({ loaderData, actionData }: Route.ComponentProps) {
  const formError = (actionData as ChangesActionData | undefined)?.formError;
  return (
    <>
      <h1 className="text-4xl tracking-tight">Recent changes</h1>
      <p className="mt-2 max-w-prose text-lg text-muted-foreground">
        The {RECENT_CHANGES_LIMIT} newest changes to the site, the staff list and the enquiries:
        what changed from what to what, by whom and when.
      </p>
      {formError ? (
        <div role="alert" className="mt-6 border-l-4 border-destructive bg-destructive/10 p-4">
          <p className="font-semibold">{formError}</p>
        </div>
      ) : null}
      {loaderData.undoing ? <UndoConfirmation change={loaderData.undoing} /> : null}
      <RecentChangesList changes={loaderData.changes} pictures={loaderData.pictures} />
    </>
  );
}

/** The dialog, fetched the first time an undo is asked about. */
const ConfirmDialog = lazy(() => import("~/staff/editor/confirm-dialog"));

/** What undoing puts back, in a sentence. */
function undoConsequence(change: RecentChange): string {
  if (change.what.startsWith("Added ")) return `It removes what was added: ${change.what}.`;
  if (change.what.startsWith("Removed ")) return `It puts back what was removed: ${change.what}.`;
  return "The values before it come back, and visitors see them at once.";
}

/**
 * The step before an undo: a dialog with scripts, the same question on the
 * page without them. Either way the undo is its own post.
 */
function UndoConfirmation({ change }: { change: RecentChange }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "undo";
  const question = "Undo this change?";
  const body = (
    <>
      <p className="mt-3 font-semibold break-words">{neutraliseText(change.summary)}</p>
      <p className="mt-1 text-muted-foreground">
        {neutraliseText(change.who)}, {change.when}
      </p>
      <p className="mt-3 break-words">{neutraliseText(undoConsequence(change))}</p>
      <Form method="post" action={CHANGES_PATH} className="mt-6 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="undo" />
        <input type="hidden" name="id" value={change.id} />
        <input type="hidden" name={CONFIRM_FIELD} value="yes" />
        <Button
          type="submit"
          aria-disabled={pending || undefined}
          className="w-full sm:w-auto"
          onClick={(event) => {
            if (pending) event.preventDefault();
          }}
        >
          <Undo2Icon aria-hidden="true" />
          {pending ? "Undoing…" : "Yes, undo"}
        </Button>
        <Link
          to={CHANGES_PATH}
          preventScrollReset
          className={buttonVariants({ variant: "outline", className: "w-full sm:w-auto" })}
        >
          Keep it
        </Link>
      </Form>
    </>
  );

  const onPage = (
    <section aria-labelledby="undo-title" className="mt-6 max-w-xl border-2 border-primary p-5">
      <h2 id="undo-title" className="text-2xl break-words">
        {question}
      </h2>
      {body}
    </section>
  );
  if (!hydrated) return onPage;
  return (
    <Suspense fallback={onPage}>
      <ConfirmDialog
        title={question}
        onClose={() => void navigate(CHANGES_PATH, { preventScrollReset: true })}
      >
        {body}
      </ConfirmDialog>
    </Suspense>
  );
}
