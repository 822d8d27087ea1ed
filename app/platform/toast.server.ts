import { createCookie, redirect } from "react-router";
import { z } from "zod";
import { cookieDefaults } from "./cookies.server";
import { toastTypes, type Toast } from "./toast";

export const toastCookie = createCookie("toast", {
  ...cookieDefaults,
  // Long enough to survive the redirect, short enough not to linger.
  maxAge: 60,
});

const toastSchema = z.object({
  id: z.string().min(1).max(64),
  type: z.enum(toastTypes),
  title: z.string().min(1).max(200),
  description: z.string().max(500).optional(),
});

export type ToastInput = Omit<Toast, "id" | "type"> & Partial<Pick<Toast, "id" | "type">>;

/** A Set-Cookie header that shows `toast` on the next page the visitor sees. */
export function setToastCookie(toast: ToastInput): Promise<string> {
  return toastCookie.serialize(
    toastSchema.parse({ id: crypto.randomUUID(), type: "message", ...toast }),
  );
}

/** Redirects (303, so the next request is a GET) and shows `toast` there. */
export async function redirectWithToast(
  url: string,
  toast: ToastInput,
  init?: ResponseInit,
): Promise<Response> {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await setToastCookie(toast));
  return redirect(url, { status: 303, ...init, headers });
}

/**
 * The toast waiting for this request, if any, with the header that clears it.
 * The cookie is the visitor's to tamper with, so it is validated like any input.
 */
export async function getToast(
  request: Request,
): Promise<{ toast: Toast | null; headers: Headers | undefined }> {
  const stored: unknown = await toastCookie.parse(request.headers.get("Cookie"));
  if (stored === null || stored === undefined) return { toast: null, headers: undefined };
  const headers = new Headers({
    "Set-Cookie": await toastCookie.serialize("", { maxAge: 0 }),
  });
  const parsed = toastSchema.safeParse(stored);
  return { toast: parsed.success ? parsed.data : null, headers };
}
