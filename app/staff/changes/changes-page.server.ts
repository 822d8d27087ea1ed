import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { databaseContext } from "~/platform/context";
import { DatabaseUnavailableError } from "~/platform/database/database.server";
import { checkPost } from "~/platform/forms/form-post.server";
import { redirectWithToast } from "~/platform/toast.server";
import { confirmSession, staffClaims } from "~/staff/accounts/session.server";
import { parseRowId } from "~/staff/editor/editor.server";
import { DATABASE_UNREACHABLE, outageAnswer } from "~/staff/editor/outage.server";
import { staffAction } from "~/staff/editor/staff-action.server";
import { changePictures, recentChanges } from "./recent-changes.server";
import { CHANGES_PATH, UNDO_WORDS } from "./undo";
import { undoChange, undoForm } from "./undo-change.server";

/** The recent changes page's loader and action (app/routes/staff/changes.tsx). */

/** The changes, their pictures, and the change an owner is asked about undoing (`?undo=<id>`). */
export async function loadChanges({ request, context }: LoaderFunctionArgs) {
  const db = await context.get(databaseContext)();
  const changes = await recentChanges(db, staffClaims(context));
  // The question before an undo, with scripts or without: owners only.
  const undoId = parseRowId(new URL(request.url).searchParams.get("undo"));
  const undoing =
    changes.find((change) => change.id === undoId && change.undo.state === "offered") ?? null;
  return { changes, pictures: await changePictures(context, changes), undoing };
}

export type ChangesPageData = Awaited<ReturnType<typeof loadChanges>>;

/** What a post to the changes answers when it does not go back to the list with a toast. */
export type ChangesActionData = { formError: string };

const refuse = (status: number, formError: string) =>
  data<ChangesActionData>({ formError }, { status });

/** Undo a change, after the question ("Yes, undo" posts `confirm=yes`). */
export const undoAction = staffAction<ActionFunctionArgs>(
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
