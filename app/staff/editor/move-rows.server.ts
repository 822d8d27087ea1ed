import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { moveRow, type OrderedRows } from "~/platform/database/ordered-rows.server";
import { rowIdSchema } from "~/platform/forms/field-rules";
import { checkPost } from "~/platform/forms/form-post.server";
import { defineForm } from "~/platform/forms/form-spec";
import { redirectWithToast } from "~/platform/toast.server";
import { MOVE_DOWN, MOVE_UP } from "~/platform/ui/editor-parts";
import { isReordering, reorderPath } from "~/platform/ui/reorder-mode";
import { notFound, SAVED_TITLE, writeAsStaff } from "./editor.server";
import type { StaffForm } from "./staff-action.server";

/** A list page's move buttons: which way, the row (`id`), and, where a page has several, which list. */
const moveForm = defineForm({
  id: "move",
  fields: ["intent", "id", "list"],
  intents: [MOVE_UP, MOVE_DOWN],
  labels: {},
  rules: async () =>
    z.object({ intent: z.enum([MOVE_UP, MOVE_DOWN]), id: rowIdSchema, list: z.string() }),
});

/** A move, as its toast says it: "“Wings” moved up.", or "“Wings” is already first." */
export function movedToast(name: string, moved: boolean, direction: "up" | "down") {
  return moved
    ? { type: "success" as const, title: SAVED_TITLE, description: `“${name}” moved ${direction}.` }
    : {
        type: "message" as const,
        title: `“${name}” is already ${direction === "up" ? "first" : "last"}.`,
      };
}

/** What a move posted from outside reorder mode (a page open from before, a hand-made post) gets. */
export const MOVES_IN_REORDER_MODE =
  "The order changes only in reorder mode: open “Reorder” on this page and try again. Nothing was moved.";

/**
 * A list page's move buttons, as one form of its action: posted from the
 * page's reorder mode (`path?reorder=1`; from anywhere else they are
 * refused, so a tap meant for something else never reorders what visitors
 * see), the row moves up or down its list as the staff member, and reorder
 * mode comes back at the row (`anchor`) with a toast that says what moved,
 * or that it was at the end.
 */
export function moveRows<List extends string>(
  path: string,
  lists: Readonly<Record<List, OrderedRows>>,
  anchor: (list: List, id: number) => string,
): StaffForm<{ context: Readonly<RouterContextProvider>; request: Request }> {
  return {
    form: moveForm,
    async handle(post, { request, context }) {
      if (!isReordering(new URL(request.url).searchParams)) {
        throw data(MOVES_IN_REORDER_MODE, { status: 400 });
      }
      const checked = await checkPost(post, moveForm, undefined);
      if (!checked.ok) {
        if (checked.errors.id) throw notFound();
        throw data("Choose an entry to move up or down.", { status: 400 });
      }
      const { intent, id } = checked.data;
      // A page of one list posts none.
      const list = (checked.data.list || Object.keys(lists)[0]) as List;
      const rows = Object.hasOwn(lists, list) ? lists[list] : undefined;
      if (!rows) throw data("Choose an entry to move up or down.", { status: 400 });
      const direction = intent === MOVE_UP ? "up" : "down";
      const moved = await writeAsStaff(context, (tx) => moveRow(tx, rows, id, direction));
      if (moved === null) throw notFound();
      return redirectWithToast(
        `${reorderPath(path)}#${anchor(list, id)}`,
        movedToast(moved.name, moved.moved, direction),
      );
    },
  };
}
