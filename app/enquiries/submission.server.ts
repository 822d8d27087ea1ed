import { createHash, randomUUID } from "node:crypto";
import { data, type HeadersArgs, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import {
  findReceipt,
  findSubmission,
  storeEnquiry,
  type EnquiryReceipt,
  type NewEnquiry,
  type AlsoStored,
} from "./enquiry-store.server";
import { cacheControl } from "~/platform/cache-control";
import { enquiryReceiptCookie } from "./enquiry-receipt.server";
import type { EnquiryMailSettings } from "./enquiry-notification";
import {
  HONEYPOT_FIELD,
  NEWSLETTER_WORDING,
  SUBMISSION_FIELD,
  type EnquiryActionData,
  type EnquiryKind,
  type EnquiryPageState,
} from "./enquiry-fields";
import { checkAnswersMessage, formValues, type FieldErrors } from "~/platform/forms/form-check";
import { checkPost, readPost } from "~/platform/forms/form-post.server";
import type { FormSpec } from "~/platform/forms/form-spec";
import { env } from "~/platform/env.server";
import { log } from "~/platform/logger.server";
import { outcomeUnknown } from "~/platform/database/database.server";
import {
  clientAddressContext,
  databaseContext,
  formProtectionContext,
  pageNotesContext,
} from "~/platform/context";
import { attemptChecks, secondsUntilAllowed } from "~/platform/rate-limit.server";
import { siteOrigin } from "~/platform/site-origin.server";
import { redirectWithToast } from "~/platform/toast.server";
import { TURNSTILE_RESPONSE_FIELD, verifyTurnstile } from "~/platform/turnstile.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The form's own token if it sent a well-formed one, else a new one. */
function tokenFrom(form: FormData): string {
  const token = form.get(SUBMISSION_FIELD);
  return typeof token === "string" && UUID.test(token) ? token.toLowerCase() : randomUUID();
}

/**
 * What a page with an enquiry form needs: its state (a fresh token, how long
 * enquiries are kept and, just after sending, the receipt), and the headers
 * that clear the receipt's cookie.
 */
export async function enquiryFormState(
  request: Request,
  context: Readonly<RouterContextProvider>,
  kind: EnquiryKind,
): Promise<{ page: EnquiryPageState; headers: Headers }> {
  const headers = new Headers();
  const stored: unknown = await enquiryReceiptCookie.parse(request.headers.get("Cookie"));
  let receipt: EnquiryReceipt | null = null;
  if (stored !== null && stored !== undefined) {
    // Shown once: a reload brings back an empty form.
    headers.append("Set-Cookie", await enquiryReceiptCookie.serialize("", { maxAge: 0 }));
    const { kind: storedKind, token } = (stored ?? {}) as { kind?: unknown; token?: unknown };
    if (storedKind === kind && typeof token === "string" && UUID.test(token)) {
      try {
        receipt = await findReceipt(await context.get(databaseContext)(), token);
      } catch (error) {
        // The enquiry was stored; only its confirmation cannot be shown.
        log.warn("The enquiry confirmation could not be read", { error });
      }
    }
  }
  // Apart from a receipt, a form page differs between visitors only by its
  // token, which the page cache fills in afresh for each response.
  const notes = context.get(pageNotesContext);
  notes.declarePerVisitorValuesOnly();
  const submissionToken = notes.freshEachTime(() => randomUUID());
  return {
    page: { submissionToken, receipt, retentionDays: env.ENQUIRY_RETENTION_DAYS },
    headers,
  };
}

export type Validation<Field extends string, Enquiry> =
  { ok: true; enquiry: Enquiry } | { ok: false; errors: FieldErrors<Field> };

export type SubmitOptions<Field extends string, Schema extends z.ZodType, Context> = {
  request: Request;
  context: Readonly<RouterContextProvider>;
  kind: EnquiryKind;
  /** The form: its fields and rules, the same the browser checks it with. */
  form: FormSpec<Field, Schema, Context>;
  /** What the rules are made for; throws when what it needs (the venue's spaces) cannot be read. */
  rulesContext(): Promise<Context>;
  /** The checked post as an enquiry to store, or why it is not one (a space gone since). */
  enquiry(data: z.output<Schema>): Validation<Field, NewEnquiryFields>;
  /** Where the confirmation shows. */
  confirmationPath: string;
  /** The pub's phone number, for answers that offer it instead (from the cached settings). */
  phoneNumber(): Promise<string>;
  /** Where the pub's notification of a new enquiry goes; read just before it is stored. */
  notification(): Promise<EnquiryMailSettings>;
  /**
   * How a ticked newsletter box is recorded with the enquiry (its request
   * and confirmation mail); made before the enquiry is stored. Null when it
   * cannot be: the opt-in then stays with the enquiry alone.
   */
  newsletterRequest(ticked: NewsletterTick): Promise<AlsoStored | null>;
};

/** A ticked newsletter box: where, who, and the exact words it showed. */
export type NewsletterTick = {
  request: Request;
  kind: EnquiryKind;
  email: string;
  wording: string;
};

/** The part of a stored enquiry the form itself supplies. */
export type NewEnquiryFields = DistributiveOmit<
  NewEnquiry,
  "submissionToken" | "fingerprint" | "newsletterWording"
>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * A post of an enquiry form, from the request to the stored row: honeypot,
 * rules, replay, spam check, rate limits, storage, then a redirect to the
 * confirmation. Every way it can fail answers with the visitor's values, so
 * the form shows again as they typed it, and says what happened; nothing is
 * reported as sent that was not stored.
 */
export async function submitEnquiry<Field extends string, Schema extends z.ZodType, Context>({
  request,
  context,
  kind,
  form: spec,
  rulesContext,
  enquiry: toEnquiry,
  confirmationPath,
  phoneNumber,
  notification,
  newsletterRequest,
}: SubmitOptions<Field, Schema, Context>) {
  // A body that is not a form (JSON, plain text, a broken multipart) reads
  // as an empty one: the form comes back saying so, and nothing is sent.
  const { form, unreadable } = await readPost(request);
  const values = formValues(form, spec.fields, spec.lists);
  const submissionToken = tokenFrom(form);
  const reply = (
    status: number,
    problem: { errors?: FieldErrors<Field>; formError?: string },
    headers?: HeadersInit,
  ) =>
    data<EnquiryActionData<Field>>(
      {
        formId: spec.id,
        values,
        errors: problem.errors ?? {},
        formError: problem.formError ?? null,
        submissionToken,
      },
      { status, headers },
    );
  // Read only for an answer that gives the phone number, not for every post.
  const callUs = () => callUsLine(phoneNumber);
  const outage = async (error: unknown) => {
    log.error("An enquiry could not be stored", { kind, error });
    return reply(
      503,
      {
        // Nothing was stored (see `unsure` for when that cannot be known).
        formError: `We couldn't save your message just now, so it has not been sent. What you typed is still here: please try again in a few minutes (it won't arrive twice)${await callUs()}.`,
      },
      { "Retry-After": "60" },
    );
  };

  // The connection was lost while the enquiry was being saved: it may have
  // landed or not. The form's token makes sending it again safe either way.
  const unsure = async (error: unknown) => {
    log.error("An enquiry may or may not have been stored", { kind, error });
    return reply(
      503,
      {
        formError: `We lost touch with our database while saving your message, so we can't tell whether it arrived. What you typed is still here: please send it again in a few minutes; if it did arrive, it won't arrive twice${await callUs()}.`,
      },
      { "Retry-After": "60" },
    );
  };

  const honeypot = form.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    log.info("An enquiry filled in the hidden spam trap; not stored", { kind });
    const call = await callUs();
    return reply(400, {
      formError: `This form has a hidden field that only automated spam fills in, and it was filled in, so nothing was sent${call ? `. If you're a person, please${call.replace(/^ or/, "")} instead` : ""}.`,
    });
  }

  let validation: Validation<Field, NewEnquiryFields>;
  try {
    const checked = await checkPost(form, spec, await rulesContext());
    validation = checked.ok ? toEnquiry(checked.data) : checked;
  } catch (error) {
    return outage(error);
  }
  if (!validation.ok) {
    return reply(400, {
      errors: validation.errors,
      formError: unreadable
        ? "What was sent could not be read as this form, so nothing was sent. Please fill in the form and send it again."
        : checkAnswersMessage(Object.keys(validation.errors).length),
    });
  }
  const enquiry = validation.enquiry;
  const fingerprint = fingerprintOf(enquiry);

  try {
    const database = await context.get(databaseContext)();
    const earlier = await findSubmission(database, submissionToken, fingerprint);
    if (earlier.status === "duplicate") return confirm(kind, submissionToken, confirmationPath);
    if (earlier.status === "token-reused") {
      return data<EnquiryActionData<Field>>(
        {
          formId: spec.id,
          values,
          errors: {},
          formError:
            "This form was already used to send a different message. Please press Send again to send this one as a new message.",
          submissionToken: randomUUID(),
        },
        { status: 409 },
      );
    }

    const protection = context.get(formProtectionContext);
    if (protection.turnstile) {
      const token = form.get(TURNSTILE_RESPONSE_FIELD);
      const check = await verifyTurnstile(typeof token === "string" ? token : null, {
        ...protection.turnstile,
        expectedAction: kind,
        expectedHostname: new URL(siteOrigin(request)).hostname,
        remoteIp: context.get(clientAddressContext),
      });
      if (!check.ok && check.reason === "expired-or-reused") {
        // Two copies of one post at the same moment: the other copy used the
        // token and is storing the message, so this one is confirmed too once
        // that row is there (it is given a moment to land).
        for (let look = 0; look < 4; look++) {
          if (look > 0) await new Promise((resolve) => setTimeout(resolve, 150));
          const again = await findSubmission(database, submissionToken, fingerprint);
          if (again.status === "duplicate") {
            return confirm(kind, submissionToken, confirmationPath);
          }
        }
      }
      if (!check.ok && check.reason === "unavailable") {
        return reply(
          503,
          {
            formError: `We couldn't reach the spam check just now, so nothing was sent. What you typed is still here: please try again in a minute${await callUs()}.`,
          },
          { "Retry-After": "60" },
        );
      }
      if (!check.ok) return reply(400, { formError: check.message });
    }

    const retryAfter = await secondsUntilAllowed(
      database,
      await attemptChecks(
        database,
        "",
        { address: context.get(clientAddressContext), email: enquiry.email },
        protection,
      ),
    );
    if (retryAfter !== null) {
      const minutes = Math.max(1, Math.ceil(retryAfter / 60));
      return reply(
        429,
        {
          formError: `You've sent several messages in a short time, so this one was not sent. Please try again in ${minutes === 1 ? "a minute" : `${minutes} minutes`}${await callUs()}. What you typed is still here.`,
        },
        { "Retry-After": String(retryAfter) },
      );
    }

    // Read before the enquiry is stored: if it cannot be, nothing is.
    const mail = await notification();
    const newsletter = enquiry.newsletter
      ? await newsletterRequest({
          request,
          kind,
          email: enquiry.email,
          wording: NEWSLETTER_WORDING,
        })
      : null;
    let result;
    try {
      result = await storeEnquiry(
        database,
        {
          ...enquiry,
          submissionToken,
          fingerprint,
          newsletterWording: enquiry.newsletter ? NEWSLETTER_WORDING : null,
        },
        mail,
        newsletter,
      );
    } catch (error) {
      if (!outcomeUnknown(error)) throw error;
      return unsure(error);
    }
    if (result.status === "token-reused") {
      return reply(409, {
        formError:
          "This form was already used to send a different message. Please reload the page and send again.",
      });
    }
    if (result.status === "stored") log.info("Enquiry stored", { kind, id: result.id });
    return confirm(kind, submissionToken, confirmationPath, enquiry.name);
  } catch (error) {
    return outage(error);
  }
}

/** " or call us at 519-555-0134"; empty when the number cannot be read. */
async function callUsLine(phoneNumber: () => Promise<string>): Promise<string> {
  try {
    return ` or call us at ${await phoneNumber()}`;
  } catch {
    return "";
  }
}

/** A digest of what an enquiry says, to tell a replay from a different post. */
function fingerprintOf(enquiry: NewEnquiryFields): string {
  return createHash("sha256").update(JSON.stringify(enquiry)).digest("hex");
}

async function confirm(kind: EnquiryKind, token: string, path: string, name?: string) {
  const firstName = name?.split(" ")[0];
  return redirectWithToast(
    `${path}#enquiry-sent`,
    {
      type: "success",
      title: kind === "venue" ? "Your venue enquiry is sent." : "Your message is sent.",
      description: `Thanks${firstName ? `, ${firstName}` : ""}: we'll reply by email.`,
    },
    { headers: { "Set-Cookie": await enquiryReceiptCookie.serialize({ kind, token }) } },
  );
}

/**
 * The `headers` export of a page with an enquiry form: never shared by a
 * cache (each view carries its own form token), and an answer's Retry-After
 * (rate limit, outage) passed on to the page a post without scripts gets.
 */
export function enquiryPageHeaders({ actionHeaders }: HeadersArgs): Headers {
  const headers = new Headers({ "Cache-Control": cacheControl.noStore });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}
