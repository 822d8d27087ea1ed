import { createCookie } from "react-router";
import { COOKIE_MAX_AGE_SECONDS, cookieDefaults } from "~/platform/cookies.server";
import { isTheme, type Theme } from "./theme";

export const themeCookie = createCookie("theme", {
  ...cookieDefaults,
  maxAge: COOKIE_MAX_AGE_SECONDS,
});

/** The visitor's chosen theme; "system" when none (or nonsense) is stored. */
export async function getTheme(request: Request): Promise<Theme> {
  const stored: unknown = await themeCookie.parse(request.headers.get("Cookie"));
  return isTheme(stored) ? stored : "system";
}

/**
 * The Set-Cookie header that stores a choice. "system" is the default, so it
 * clears the cookie: a visitor without one gets pages any cache may share.
 */
export function setThemeCookie(theme: Theme): Promise<string> {
  return theme === "system"
    ? themeCookie.serialize("", { maxAge: 0 })
    : themeCookie.serialize(theme);
}
