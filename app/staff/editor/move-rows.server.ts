import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import type { Database } from "~/platform/database/database.server";
import { ROW_ID_PATTERN } from "~/platform/forms/field-rules";
import { checkPost } from "~/platform/forms/form-post.server";
import { defineForm } from "~/platform/forms/form-spec";
import { redirectWithToast } from "~/platform/toast.server";
import { MOVE_DOWN, MOVE_UP } from "~/platform/ui/editor-parts";
import { notFound, writeAsStaff } from "./editor.server";
import type { StaffForm } from "./staff-action.server";

/** A row moved one place up or down its list. */
export type Move<List extends string> = { id: number; list: List; direction: "up" | "down" };

/**
 * A list page's move buttons, as one form of its action: the row (`id`),
 * which way, and, where a page has several lists, which (`list`). The row
 * moves as the staff member; the page comes back to it with a toast.
 */
export function moveRows<List extends string = string>({
  lists,
  move,
  toast,
}: {
  /** The page's lists, when it has more than one. */
  lists?: readonly [List, ...List[]];
  /** Moves the row: where the page goes back to (its row's place), or null when there is none. */
  move: (tx: Database, moved: Move<List>) => Promise<string | null>;
  /** What the toast says once moved. */
  toast: string;
}): StaffForm<{ context: Readonly<RouterContextProvider>; request: Request }> {
  const form = defineForm({
    id: "move",
    fields: ["intent", "id", "list"],
    intents: [MOVE_UP, MOVE_DOWN],
    labels: {},
    rules: async () =>
      z.object({
        intent: z.enum([MOVE_UP, MOVE_DOWN]),
        id: z.string().regex(ROW_ID_PATTERN).transform(Number),
        list: lists ? z.enum(lists) : z.string(),
      }),
  });
  return {
    form,
    async handle(post, { context }) {
      const checked = await checkPost(post, form, undefined);
      if (!checked.ok) {
        if (checked.errors.id) throw notFound();
        throw data("Choose an entry to move up or down.", { status: 400 });
      }
      const { intent, id, list } = checked.data;
      const direction = intent === MOVE_UP ? "up" : "down";
      const back = await writeAsStaff(context, (tx) =>
        move(tx, { id, list: list as List, direction }),
      );
      if (back === null) throw notFound();
      return redirectWithToast(back, { type: "success", title: toast });
    },
  };
}
