import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { authBackendContext, databaseContext } from "~/platform/context";
import { checkAnswersMessage, type FieldErrors } from "~/platform/forms/form-check";
import { staffLinkOrigin, staffLinksNeedSiteUrl } from "~/platform/site-origin.server";
import { redirectWithToast, setToastCookie } from "~/platform/toast.server";
import {
  OWNERS_ONLY,
  PEOPLE_PATH,
  inviteForm,
  memberLinkForm,
  removalForm,
  roleChangeForm,
  type InviteField,
} from "./people";
import { checkPost, readPost } from "~/platform/forms/form-post.server";
import type { DataOf } from "~/platform/forms/form-spec";
import {
  changeStaffRole,
  inviteStaff,
  listStaff,
  makeMemberLink,
  removeStaff,
  type PeopleRefusal,
} from "./people.server";
import { queueMemberLinkMail } from "./member-mail.server";
import { confirmSession, staffClaims } from "./session.server";
import type { OneTimeLink } from "./staff-mail";
import type { MemberCodePurpose, StaffRole } from "./staff.server";

/** The staff list page's loader and action (app/routes/staff/people.tsx). */

/** The staff list, whether the signed-in member may change it, and the member to confirm removing. */
export async function staffList({ request, context }: LoaderFunctionArgs) {
  const claims = staffClaims(context);
  const db = await context.get(databaseContext)();
  const members = await listStaff(db, claims);
  const canManage = members.some(
    (member) => member.userId === claims.sub && member.role === "owner",
  );
  // The confirmation step before a removal, with scripts or without.
  const removeId = new URL(request.url).searchParams.get("remove");
  const removing = canManage
    ? (members.find((member) => member.userId === removeId) ?? null)
    : null;
  return { members, me: claims.sub, canManage, removing };
}

/** What a post to the staff list answers when it does not go back to the list. */
export type PeopleActionData = {
  intent: "invite" | "link" | "role" | "remove" | null;
  /** As typed; `send` is "email" when the link was to be emailed too. */
  values: { email: string; role: string; send?: string };
  errors: FieldErrors<InviteField>;
  formError: string | null;
  /**
   * Who was invited, and their one-time link; no link when they have an
   * account already (they sign in with their own password).
   */
  invited: {
    email: string;
    role: StaffRole;
    link: string | null;
    expiresAt: string | null;
    /** Whether the link was emailed to them as well. */
    emailed: boolean;
  } | null;
  /** A fresh link for a member on the list: another invitation, or a reset link. */
  memberLink: {
    email: string;
    purpose: MemberCodePurpose;
    link: string;
    expiresAt: string;
    emailed: boolean;
  } | null;
};

/** A fresh link an owner made for a member. */
type MadeLink = Extract<Awaited<ReturnType<typeof makeMemberLink>>, { ok: true }>;

/** A member's link to /staff/setup at `origin`, whole (for the owner to copy, and in the mail). */
function setupLink(origin: string, code: string, lasts: string): OneTimeLink {
  const path = `/staff/setup?${new URLSearchParams({ code })}`;
  return { link: `${origin}${path}`, path, lasts };
}

/** Whether the post asks for the link to be emailed too (the "Email it" button or box). */
const wantsMail = (form: FormData) => form.get("send") === "email";

function answer(
  status: number,
  intent: PeopleActionData["intent"],
  parts: Partial<Omit<PeopleActionData, "intent">>,
  headers?: HeadersInit,
) {
  const body: PeopleActionData = {
    intent,
    values: { email: "", role: "editor" },
    errors: {},
    formError: null,
    invited: null,
    memberLink: null,
    ...parts,
  };
  return data(body, { status, headers });
}

/** The first problem a form of the list's rows has, in words. */
const firstProblem = (errors: Record<string, string | undefined>) =>
  Object.values(errors).find(Boolean) ?? OWNERS_ONLY;

/** The forms of a member's row, by the intent their buttons post. */
const ROW_FORMS = { link: memberLinkForm, role: roleChangeForm, remove: removalForm };

/**
 * A post of one of the list's rows (a fresh link, a role, a removal): checked
 * by its form, the member's session confirmed, then the change, which the
 * list may refuse; either refusal comes back to the page in words.
 */
async function rowChange<Intent extends keyof typeof ROW_FORMS, Done extends { ok: true }, Answer>(
  intent: Intent,
  post: { form: FormData; context: ActionFunctionArgs["context"] },
  change: (checked: DataOf<(typeof ROW_FORMS)[Intent]>) => Promise<Done | PeopleRefusal>,
  done: (changed: Done) => Answer,
) {
  const checked = await checkPost(post.form, ROW_FORMS[intent], undefined);
  if (!checked.ok) return answer(400, intent, { formError: firstProblem(checked.errors) });
  await confirmSession(post.context);
  // The data of ROW_FORMS[intent], which TypeScript reads as any of the three forms'.
  const changed = await change(checked.data as DataOf<(typeof ROW_FORMS)[Intent]>);
  if (!changed.ok) return answer(changed.status, intent, { formError: changed.message });
  return done(changed);
}

/** A post to the staff list: invite, change a role, or remove (after the confirmation step). */
export async function changeStaffList({ request, context }: ActionFunctionArgs) {
  const { form } = await readPost(request);
  const intent = form.get("intent");
  const claims = staffClaims(context);
  const db = await context.get(databaseContext)();

  if (intent === "invite") {
    const checked = await checkPost(form, inviteForm, undefined);
    const { values } = checked;
    // Given back as typed, however long: the messages say what is wrong.
    const kept = {
      email: values.email,
      role: values.role,
      ...(wantsMail(form) ? { send: "email" } : {}),
    };
    if (!checked.ok) {
      return answer(400, "invite", {
        values: kept,
        errors: checked.errors,
        formError: checkAnswersMessage(Object.keys(checked.errors).length, "invite"),
      });
    }
    const origin = staffLinkOrigin(request);
    if (!origin) return answer(409, "invite", { values: kept, formError: staffLinksNeedSiteUrl() });
    await confirmSession(context);
    const backend = await context.get(authBackendContext)();
    const invited = await inviteStaff(db, backend, claims, checked.data);
    if (!invited.ok) {
      return answer(invited.status, "invite", {
        values: kept,
        errors: invited.field ? { [invited.field]: invited.message } : {},
        formError: invited.message,
      });
    }
    const { member, invitation } = invited;
    const made = invitation ? setupLink(origin, invitation.code, "a day") : null;
    const emailed = Boolean(made && wantsMail(form));
    if (made && emailed) {
      await queueMemberLinkMail(db, {
        to: member.email,
        role: member.role,
        purpose: "invitation",
        from: claims.email ?? "An owner",
        link: made,
      });
    }
    const link = made?.link ?? null;
    return answer(
      200,
      "invite",
      {
        invited: {
          email: member.email,
          role: member.role,
          link,
          expiresAt: invitation?.expiresAt.toISOString() ?? null,
          emailed,
        },
      },
      {
        "Set-Cookie": await setToastCookie(
          invitation
            ? {
                type: "success",
                title: `${member.email} is invited.`,
                description: emailed
                  ? "Their link is on its way by email; you can copy it too."
                  : "Copy their link and pass it on.",
              }
            : {
                type: "success",
                title: `${member.email} is on the staff list.`,
                description: "They already have an account and sign in with their own password.",
              },
        ),
      },
    );
  }

  if (intent === "link") {
    return rowChange(
      "link",
      { form, context },
      async (checked): Promise<(MadeLink & { origin: string }) | PeopleRefusal> => {
        // Asked first: without an address to give, no link is made at all.
        const origin = staffLinkOrigin(request);
        if (!origin) return { ok: false, status: 409, message: staffLinksNeedSiteUrl() };
        const made = await makeMemberLink(db, claims, checked.userId);
        return made.ok ? { ...made, origin } : made;
      },
      async ({ member, purpose, code, expiresAt, origin }) => {
        const link = setupLink(origin, code, purpose === "invitation" ? "a day" : "an hour");
        const emailed = wantsMail(form);
        if (emailed) {
          await queueMemberLinkMail(db, {
            to: member.email,
            role: member.role,
            purpose,
            from: claims.email ?? "An owner",
            link,
          });
        }
        const what = purpose === "invitation" ? "a new invitation link" : "a reset link";
        return answer(
          200,
          "link",
          {
            memberLink: {
              email: member.email,
              purpose,
              link: link.link!,
              expiresAt: expiresAt.toISOString(),
              emailed,
            },
          },
          {
            "Set-Cookie": await setToastCookie({
              type: "success",
              title: emailed ? `${member.email} is sent ${what}.` : `${member.email} has ${what}.`,
              description: emailed
                ? "It is on its way by email; you can copy it too. Any earlier link stops working."
                : "Copy it and pass it on. Any earlier link stops working.",
            }),
          },
        );
      },
    );
  }

  if (intent === "role") {
    return rowChange(
      "role",
      { form, context },
      (checked) => changeStaffRole(db, claims, checked),
      ({ member, changed }) =>
        redirectWithToast(PEOPLE_PATH, {
          type: "success",
          title: changed
            ? `${member.email} is now an ${member.role}.`
            : `${member.email} was an ${member.role} already.`,
        }),
    );
  }

  if (intent === "remove") {
    return rowChange(
      "remove",
      { form, context },
      (checked) => removeStaff(db, claims, checked.userId),
      ({ member }) =>
        redirectWithToast(PEOPLE_PATH, {
          type: "success",
          title: `${member.email} is no longer on the staff.`,
        }),
    );
  }

  return answer(400, null, {
    formError: "Choose what to do: invite, make a link, change a role or remove.",
  });
}

/** What the staff list page shows. */
export type StaffListData = Awaited<ReturnType<typeof staffList>>;
