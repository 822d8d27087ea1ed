import { Suspense, lazy, type ReactNode } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import { Button, buttonVariants } from "~/platform/ui/button";
import { Link } from "~/platform/ui/link";
import { useHydrated } from "~/platform/use-hydrated";

/** The dialog, fetched the first time a question is asked. */
const ConfirmDialog = lazy(() => import("~/platform/ui/confirm-dialog"));

const BORDERS = { primary: "border-primary", destructive: "border-destructive" } as const;

/**
 * The step before something a staff page does for good (an undo, a
 * removal), reached by its own address (`?undo=…`, `?remove=…`): a dialog
 * with scripts, the same question on the page without them. Either way the
 * answer is its own post to `page`, and keeping it goes back to `page`.
 */
export function Confirmation({
  question,
  titleId,
  tone,
  className,
  page,
  intent,
  fields,
  icon,
  yesLabel,
  pendingLabel,
  keepLabel,
  children,
  refused,
}: {
  question: string;
  /** The id of the question's heading on the page. */
  titleId: string;
  /** The border of the question on the page: what doing it is like. */
  tone: keyof typeof BORDERS;
  /** Where the question sits on the page (its top margin). */
  className: string;
  /** The page asking, which takes the post and where "keep" leads. */
  page: string;
  /** The post's intent; the button says it is under way while a post with it is. */
  intent: string;
  /** The post's other fields, in hidden inputs. */
  fields: Readonly<Record<string, string | number>>;
  icon: ReactNode;
  yesLabel: string;
  pendingLabel: string;
  keepLabel: string;
  /** What the question is about, above the buttons. */
  children: ReactNode;
  /** Why it cannot be done (the last owner): said instead of the question's yes. */
  refused?: string;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const body = (
    <>
      {refused ? (
        <p
          role="alert"
          className="mt-3 border-l-4 border-destructive bg-destructive/10 p-3 font-semibold"
        >
          {refused}
        </p>
      ) : (
        children
      )}
      <Form method="post" action={page} className="mt-6 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {refused ? null : (
          <Button
            type="submit"
            aria-disabled={pending || undefined}
            className="w-full sm:w-auto"
            onClick={(event) => {
              if (pending) event.preventDefault();
            }}
          >
            {icon}
            {pending ? pendingLabel : yesLabel}
          </Button>
        )}
        <Link
          to={page}
          preventScrollReset
          className={buttonVariants({ variant: "outline", className: "w-full sm:w-auto" })}
        >
          {keepLabel}
        </Link>
      </Form>
    </>
  );

  const onPage = (
    <section
      aria-labelledby={titleId}
      className={`${className} max-w-xl border-2 ${BORDERS[tone]} p-5`}
    >
      <h2 id={titleId} className="text-2xl break-words">
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
        onClose={() => void navigate(page, { preventScrollReset: true })}
      >
        {body}
      </ConfirmDialog>
    </Suspense>
  );
}
