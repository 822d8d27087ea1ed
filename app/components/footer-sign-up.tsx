import { Button } from "~/platform/ui/button";
import { SIGN_UP_PATH, SIGN_UP_TRAP_FIELD, SIGN_UP_WORDING } from "~/newsletter/sign-up-words";

/**
 * The newsletter's sign-up at the foot of every page, in its smallest shape:
 * an address and a button, a plain post to the sign-up page, which answers
 * a refusal with its full form (and, with Turnstile's keys set, the spam
 * check) holding what was typed. The words above the field are the consent
 * a press gives, stored as they read.
 */
export function FooterSignUp({ headingClass }: { headingClass: string }) {
  return (
    <form
      method="post"
      action={SIGN_UP_PATH}
      className="mx-auto grid max-w-6xl grid-cols-1 gap-3 px-4 py-8 sm:px-6 lg:grid-cols-2 lg:items-end"
    >
      <div>
        <label htmlFor="footer-email" className={headingClass}>
          Newsletter
        </label>
        <p id="footer-consent" className="mt-3 text-sm text-shell-muted">
          {SIGN_UP_WORDING}{" "}
          <a href={`${SIGN_UP_PATH}#privacy`} className="underline underline-offset-4">
            What we keep
          </a>
        </p>
      </div>
      <div className="flex gap-2">
        <input
          id="footer-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          aria-describedby="footer-consent"
          placeholder="Your email"
          className="min-h-12 min-w-0 flex-1 border-2 border-shell-control bg-transparent px-3 placeholder:text-shell-muted"
        />
        <Button type="submit" variant="shell">
          Sign up
        </Button>
      </div>
      {/* A spam trap no person sees or reaches. */}
      <input
        name={SIGN_UP_TRAP_FIELD}
        aria-hidden="true"
        tabIndex={-1}
        autoComplete="off"
        className="absolute -left-[10000px] size-px"
      />
    </form>
  );
}
