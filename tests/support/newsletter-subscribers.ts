import type { Database } from "~/platform/database/database.server";

/** A subscriber in `state`, written as the newsletter's own code leaves one; its id. */
export async function subscriberRow(
  db: Database,
  email: string,
  state: "confirmed" | "waiting" | "unsubscribed" = "confirmed",
  { bounced = false }: { bounced?: boolean } = {},
): Promise<number> {
  const consent = state === "unsubscribed" ? null : "now()";
  const [row] = await db.query<{ id: number }>(
    `insert into public.newsletter_subscribers (
       email, state, consented_at, consent_form, consent_wording, pub_name, pub_postal_address,
       confirm_token_hash, confirm_expires_at, confirmed_at, unsubscribed_at, unsubscribed_by,
       bounced_at
     ) values (
       $1, $2, ${consent ?? "null"}, $3, $4, $5, $6,
       $7, ${state === "waiting" ? "now() + interval '7 days'" : "null"},
       ${state === "confirmed" ? "now()" : "null"},
       ${state === "unsubscribed" ? "now()" : "null"}, $8,
       ${bounced ? "now()" : "null"}
     ) returning id::int as id`,
    [
      email,
      state,
      consent && "contact",
      consent && "Yes, send me the newsletter.",
      consent && "The Pub",
      consent && "180 Main Street, London, ON",
      state === "waiting"
        ? email
            .replace(/[^a-f0-9]/g, "")
            .padEnd(64, "a")
            .slice(0, 64)
        : null,
      state === "unsubscribed" ? "link" : null,
    ],
  );
  if (!row) throw new Error("No subscriber row");
  return row.id;
}
