import { Trash2Icon } from "lucide-react";
import { Form } from "react-router";
import { Button, buttonVariants } from "~/platform/ui/button";
import { Link } from "~/platform/ui/link";

/** The pieces every staff editor's pages share, so they look and behave alike. */

/** The intent of a delete that asks first, and of the one that means it. */
export const DELETE_INTENT = "delete";
export const CONFIRM_FIELD = "confirm";

/** Whether an editor's action answered by asking to confirm a delete. */
export function asksToConfirmDelete(actionData: unknown): boolean {
  return typeof actionData === "object" && actionData !== null && "confirmDelete" in actionData;
}

/**
 * Deleting asks first, the same with scripts or without: the first post
 * (no confirmation) answers with `confirming`, and the page shows the
 * question with the button that means it, focused, and a way to keep it.
 */
export function DeleteSection({
  what,
  consequence,
  confirming,
  keepTo,
}: {
  /** Names the thing, as in "Delete “Wings”?". */
  what: string;
  /** What deleting does, in a sentence. */
  consequence: string;
  confirming: boolean;
  /** Where "Keep it" goes: the page itself. */
  keepTo: string;
}) {
  return (
    <section aria-labelledby="delete-heading" className="mt-12 border-t border-border pt-8">
      <h2 id="delete-heading" className="text-2xl tracking-tight">
        Delete
      </h2>
      {confirming ? (
        <div role="alert" className="mt-4 border-l-4 border-destructive bg-destructive/10 p-5">
          <p className="text-lg font-semibold">Delete {what}?</p>
          <p className="mt-1">{consequence} Only an owner can undo it, from Recent changes.</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Form method="post">
              <input type="hidden" name={CONFIRM_FIELD} value="yes" />
              {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the answer to the question just asked */}
              <Button type="submit" name="intent" value={DELETE_INTENT} autoFocus>
                <Trash2Icon aria-hidden="true" />
                Yes, delete
              </Button>
            </Form>
            <Link to={keepTo} className={buttonVariants({ variant: "outline" })}>
              Keep it
            </Link>
          </div>
        </div>
      ) : (
        <>
          <p className="mt-2 text-muted-foreground">{consequence}</p>
          <Form method="post" className="mt-4">
            <Button type="submit" variant="outline" name="intent" value={DELETE_INTENT}>
              <Trash2Icon aria-hidden="true" />
              Delete…
            </Button>
          </Form>
        </>
      )}
    </section>
  );
}
