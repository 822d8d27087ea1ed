/**
 * A refusal as Supabase Auth words it: the HTTP status, the error code
 * supabase-js turns into `AuthApiError.code`, and the message. `details` adds
 * fields some errors carry (`weak_password`).
 */
export class AuthServiceError extends Error {
  override name = "AuthServiceError";

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
