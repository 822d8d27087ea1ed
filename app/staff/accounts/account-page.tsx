import type { ReactNode } from "react";
import { CheckedForm, type CheckedFormProps } from "~/platform/forms/checked-form";
import { buttonVariants } from "~/platform/ui/button";
import { Link } from "~/platform/ui/link";

/**
 * The pages before sign-in (sign-in, setting up an account, a forgotten
 * password, a new one): one narrow column with the heading, a few words,
 * the form and, where there is one, the way to the page before or after.
 */
export function AccountPage({
  title,
  words,
  notice,
  way,
  after,
  children,
}: {
  title: ReactNode;
  /** What the page is for, under the heading. */
  words: ReactNode;
  /** Shown instead of the words once the form has done its part ("Check your email"). */
  notice?: ReactNode;
  /** A link under the form; `large` in the words' size. */
  way?: { to: string; label: string; large?: boolean };
  /** Anything under that link. */
  after?: ReactNode;
  /** The form: an AccountForm. */
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-md py-6 sm:py-12">
      <h1 className="text-4xl tracking-tight">{title}</h1>
      {notice ?? <p className="mt-3 text-lg text-muted-foreground">{words}</p>}
      {children}
      {way ? (
        <p className={way.large ? "mt-6 text-lg" : "mt-6"}>
          <Link
            to={way.to}
            className="inline-flex min-h-11 items-center font-semibold text-primary underline-offset-4 hover:underline"
          >
            {way.label}
          </Link>
        </p>
      ) : null}
      {after}
    </div>
  );
}

/**
 * The form of an account page: alone on the page, so its button fills the
 * width; every refusal comes in the site's words, from the server.
 */
export function AccountForm<Field extends string>(
  props: Omit<CheckedFormProps<Field>, "browserChecks" | "submitClassName" | "className">,
) {
  return (
    <CheckedForm
      {...props}
      browserChecks={false}
      submitClassName="w-full"
      className="mt-8 space-y-6"
    />
  );
}

/**
 * An account page with nothing to fill in (a link that no longer works, an
 * owner set up already): why, and the one way on.
 */
export function AccountNotice({
  title,
  words,
  alert = false,
  to,
  label,
}: {
  title: string;
  words: string;
  /** Whether the words answer a post just sent, to be read out at once. */
  alert?: boolean;
  to: string;
  label: string;
}) {
  return (
    <div className="mx-auto max-w-xl py-6 sm:py-12">
      <h1 className="text-4xl tracking-tight">{title}</h1>
      <p role={alert ? "alert" : undefined} className="mt-4 text-lg">
        {words}
      </p>
      <Link to={to} className={buttonVariants({ className: "mt-8" })}>
        {label}
      </Link>
    </div>
  );
}
