import { data, type RouterContextProvider } from "react-router";
import { authBackendContext, databaseContext } from "~/platform/context";
import {
  checkAnswersMessage,
  checkForm,
  formValues,
  type FieldErrors,
} from "~/platform/form-check";
import { siteOrigin } from "~/platform/site-origin.server";
import { redirectWithToast, setToastCookie } from "~/platform/toast.server";
import { OWNERS_ONLY, PEOPLE_PATH, inviteFields, type InviteField } from "./people";
import { inviteSchema, removalSchema, roleChangeSchema } from "./people-forms";
import {
  changeStaffRole,
  inviteStaff,
  listStaff,
  removeStaff,
  type PeopleRefusal,
} from "./people.server";
import { confirmSession, staffClaims } from "./session.server";
import type { StaffRole } from "./staff.server";

/** The staff list page's loader and action (app/routes/staff/people.tsx). */

/** The staff list, whether the signed-in member may change it, and the member to confirm removing. */
export async function staffList(request: Request, context: Readonly<RouterContextProvider>) {
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
  intent: "invite" | "role" | "remove" | null;
  values: { email: string; role: string };
  errors: FieldErrors<InviteField>;
  formError: string | null;
  /**
   * Who was invited, and their one-time link; no link when they have an
   * account already (they sign in with their own password).
   */
  invited: { email: string; role: StaffRole; link: string | null; expiresAt: string | null } | null;
};

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
    ...parts,
  };
  return data(body, { status, headers });
}

function refused(intent: PeopleActionData["intent"], refusal: PeopleRefusal) {
  return answer(refusal.status, intent, { formError: refusal.message });
}

/** A post to the staff list: invite, change a role, or remove (after the confirmation step). */
export async function changeStaffList(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await request.formData();
  const intent = form.get("intent");
  const claims = staffClaims(context);
  const db = await context.get(databaseContext)();

  if (intent === "invite") {
    const values = formValues(form, inviteFields);
    // Given back as typed, however long: the messages say what is wrong.
    const kept = { email: values.email, role: values.role };
    const checked = checkForm(inviteSchema, values);
    if (!checked.ok) {
      return answer(400, "invite", {
        values: kept,
        errors: checked.errors,
        formError: checkAnswersMessage(Object.keys(checked.errors).length, "invite"),
      });
    }
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
    const link = invitation
      ? `${siteOrigin(request)}/staff/setup?${new URLSearchParams({ code: invitation.code })}`
      : null;
    return answer(
      200,
      "invite",
      {
        invited: {
          email: member.email,
          role: member.role,
          link,
          expiresAt: invitation?.expiresAt.toISOString() ?? null,
        },
      },
      {
        "Set-Cookie": await setToastCookie(
          invitation
            ? {
                type: "success",
                title: `${member.email} is invited.`,
                description: "Copy their link and pass it on.",
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

  if (intent === "role") {
    const checked = roleChangeSchema.safeParse(Object.fromEntries(form));
    if (!checked.success) {
      return answer(400, "role", { formError: checked.error.issues[0]?.message ?? OWNERS_ONLY });
    }
    await confirmSession(context);
    const changed = await changeStaffRole(db, claims, checked.data);
    if (!changed.ok) return refused("role", changed);
    return redirectWithToast(PEOPLE_PATH, {
      type: "success",
      title: changed.changed
        ? `${changed.member.email} is now an ${changed.member.role}.`
        : `${changed.member.email} was an ${changed.member.role} already.`,
    });
  }

  if (intent === "remove") {
    const checked = removalSchema.safeParse(Object.fromEntries(form));
    if (!checked.success) {
      return answer(400, "remove", { formError: checked.error.issues[0]?.message ?? OWNERS_ONLY });
    }
    await confirmSession(context);
    const removed = await removeStaff(db, claims, checked.data.userId);
    if (!removed.ok) return refused("remove", removed);
    return redirectWithToast(PEOPLE_PATH, {
      type: "success",
      title: `${removed.member.email} is no longer on the staff.`,
    });
  }

  return answer(400, null, { formError: "Choose what to do: invite, change a role or remove." });
}
