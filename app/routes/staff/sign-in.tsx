import { LogInIcon } from "lucide-react";
import { useEffect } from "react";
import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/sign-in";
import { ErrorSummary, TextField, fieldId } from "~/platform/ui/form-fields";
import { Button } from "~/platform/ui/button";
import { sessionClaimsContext } from "~/platform/context";
import { signIn, type SignInActionData } from "~/staff/sign-in.server";
import { staffPageHeaders } from "~/staff/session.server";
import { staffMeta, staffReturnPath } from "~/staff/staff-meta";

export function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = staffReturnPath(new URL(request.url).searchParams.get("redirectTo"));
  if (context.get(sessionClaimsContext)) throw redirect(redirectTo);
  return { redirectTo };
}

export function action({ request, context }: Route.ActionArgs) {
  return signIn(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Sign in", matches);

export const headers: Route.HeadersFunction = staffPageHeaders;

const FORM_ID = "sign-in";

export default function SignInPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as SignInActionData | undefined;
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" && navigation.formAction?.startsWith("/staff/sign-in");
  const errors = result?.errors ?? {};
  const firstError = (["email", "password"] as const).find((field) => errors[field]);
  // After a refused post, the field to fix takes focus: the password (to retype) unless the email is wrong.
  const focusAfterRefusal = (field: "email" | "password") => ({
    autoFocus: Boolean(result) && field === (firstError ?? "password"),
  });
  // autoFocus acts only as the page loads (without scripts); with them the page
  // stays, so each refusal empties the password and moves focus here instead.
  useEffect(() => {
    if (!result) return;
    const password = document.getElementById(fieldId(FORM_ID, "password"));
    if (password instanceof HTMLInputElement) password.value = "";
    document.getElementById(fieldId(FORM_ID, firstError ?? "password"))?.focus();
    // Only a new answer moves focus; firstError comes with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);

  return (
    <div className="mx-auto max-w-md py-6 sm:py-12">
      <h1 className="text-4xl tracking-tight">Staff sign-in</h1>
      <p className="mt-3 text-lg text-muted-foreground">
        For the pub&rsquo;s staff: enquiries, and keeping the site up to date.
      </p>
      <Form method="post" id={FORM_ID} noValidate className="mt-8 space-y-6" aria-label="Sign in">
        <ErrorSummary
          formId={FORM_ID}
          message={result?.formError ?? null}
          errors={errors}
          order={["email", "password"]}
          labels={{ email: "Email", password: "Password" }}
        />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <TextField
          formId={FORM_ID}
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          defaultValue={result?.values.email ?? ""}
          error={errors.email}
          {...focusAfterRefusal("email")}
        />
        <TextField
          formId={FORM_ID}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password}
          {...focusAfterRefusal("password")}
        />
        <Button type="submit" className="w-full" disabled={pending} aria-disabled={pending}>
          <LogInIcon aria-hidden="true" />
          {pending ? "Signing in…" : "Sign in"}
        </Button>
      </Form>
      <p className="mt-8 text-muted-foreground">
        No account yet? The pub&rsquo;s owner adds staff. Forgotten your password? Ask the owner to
        set a new one.
      </p>
    </div>
  );
}
