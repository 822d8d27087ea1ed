import { MailIcon } from "lucide-react";
import { Link } from "~/platform/ui/link";
import { PageHeader } from "~/components/page-header";
import { TurnstileWidget } from "~/enquiries/turnstile-widget";
import { CheckedForm } from "~/platform/forms/checked-form";
import { HoneypotField, TextField } from "~/platform/forms/form-fields";
import { usePublicEnv } from "~/platform/public-env";
import { CONFIRM_DAYS, newsletterPrivacy } from "~/newsletter/newsletter-words";
import { SIGN_UP_FROM_FIELD, SIGN_UP_FROM_PAGE, signUpForm } from "~/newsletter/sign-up-form";
import { SIGN_UP_TRAP_FIELD, SIGN_UP_WORDING } from "~/newsletter/sign-up-words";

export type SignUpPageProps = {
  /** Whether a sign-up has just gone through (`?step=sent`). */
  sent: boolean;
  retentionDays: number;
  actionData: unknown;
};

const linkClass = "font-semibold text-primary underline-offset-4 hover:underline";

/**
 * The newsletter's own page: what it is, the sign-up (the footer's form with
 * the kit's checks and, with Turnstile's keys set, the spam check), and what
 * is kept. Once a sign-up has gone through it says what comes next, the same
 * for every address.
 */
export function NewsletterSignUpPage({ sent, retentionDays, actionData }: SignUpPageProps) {
  const { TURNSTILE_SITE_KEY } = usePublicEnv();
  return (
    <>
      <PageHeader eyebrow="Newsletter" title={sent ? "Check your inbox" : "The newsletter"}>
        {sent
          ? null
          : "What's on and what's new: events and specials, about once a month, by email."}
      </PageHeader>
      <div className="mx-auto max-w-3xl space-y-10 px-4 py-14 sm:px-6">
        {sent ? (
          <section role="status" aria-labelledby="sent-title" className="space-y-4 text-lg">
            <h2 id="sent-title" className="text-2xl">
              One more step: the link in your mail
            </h2>
            <p>
              If the address you gave isn&rsquo;t subscribed yet, a mail with a link to confirm is
              on its way. Press the link within {CONFIRM_DAYS} days to start getting the newsletter;
              until then, nothing else is sent.
            </p>
            <p>
              Nothing after a few minutes? Check the spam folder, or{" "}
              <Link to="/newsletter" className={linkClass}>
                sign up again
              </Link>
              .
            </p>
          </section>
        ) : (
          <section aria-labelledby="sign-up-title" className="space-y-6">
            <h2 id="sign-up-title" className="text-2xl">
              Sign up
            </h2>
            <CheckedForm
              form={signUpForm}
              titleId="sign-up-title"
              actionData={actionData}
              hidden={
                <>
                  <input type="hidden" name={SIGN_UP_FROM_FIELD} value={SIGN_UP_FROM_PAGE} />
                  <HoneypotField name={SIGN_UP_TRAP_FIELD} />
                </>
              }
              footer={() => (
                <>
                  <p className="text-muted-foreground">{SIGN_UP_WORDING}</p>
                  {TURNSTILE_SITE_KEY ? (
                    <TurnstileWidget
                      siteKey={TURNSTILE_SITE_KEY}
                      action="newsletter"
                      fallback="If you cannot use it, tick the newsletter's box when you next write to us instead."
                      resetKey={actionData}
                    />
                  ) : null}
                </>
              )}
              submitLabel="Sign up"
              submitIcon={<MailIcon aria-hidden="true" />}
              pendingLabel="Signing up…"
            >
              {(field) => (
                <TextField
                  {...field("email")}
                  label="Email"
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  spellCheck={false}
                />
              )}
            </CheckedForm>
          </section>
        )}
        <section id="privacy" aria-labelledby="privacy-title" className="space-y-3">
          <h2 id="privacy-title" className="text-2xl">
            What we keep
          </h2>
          <p className="leading-relaxed text-muted-foreground">
            {newsletterPrivacy(retentionDays)} Every newsletter has a link to unsubscribe at once,
            without signing in. To see or delete what we hold about you,{" "}
            <Link to="/contact" className={linkClass}>
              contact us
            </Link>
            .
          </p>
        </section>
      </div>
    </>
  );
}
