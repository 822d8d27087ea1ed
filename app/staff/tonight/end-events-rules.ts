import { z } from "zod";
import { isIsoDate, parseWallTime } from "~/platform/clock/toronto-time";
import { ROW_ID_PATTERN } from "~/platform/forms/field-rules";
import { CLOSINGS } from "~/hours/editor/hours-editor";

/** The most events one offer may carry: more than any night has. */
const OFFER_EVENTS_MAX = 50;

/** What an offer that does not read as one gets: the page made it, so it was changed on the way. */
export const UNREADABLE_OFFER =
  "This offer could not be read. Reload the page to see what runs past closing now. Nothing was changed.";

/** One offered event, "12:<start ms>-<end ms>", the end empty when it has none. */
const TOKEN = /^(\d{1,15}):(\d{1,15})-(\d{1,15})?$/;

/** The offer's hidden fields, checked: any problem is one message, for the whole form. */
export const endEventsSchema = z.object({
  night: z.string().refine(isIsoDate, UNREADABLE_OFFER),
  closing: z.enum(CLOSINGS, { error: UNREADABLE_OFFER }),
  time: z
    .string()
    .transform(parseWallTime)
    .refine((time) => time !== null, UNREADABLE_OFFER)
    .transform((time) => time!),
  events: z.string().transform((text, context) => {
    const tokens = text.trim().split(/\s+/).filter(Boolean);
    const events = tokens.map((token) => TOKEN.exec(token));
    const ids = new Set(events.map((match) => match?.[1]));
    if (
      tokens.length === 0 ||
      tokens.length > OFFER_EVENTS_MAX ||
      events.some((match) => !match || !ROW_ID_PATTERN.test(match[1]!)) ||
      ids.size !== tokens.length
    ) {
      context.addIssue({ code: "custom", message: UNREADABLE_OFFER });
      return z.NEVER;
    }
    return events.map((match) => ({
      id: Number(match![1]),
      startsAt: Number(match![2]),
      endsAt: match![3] === undefined ? null : Number(match![3]),
    }));
  }),
});
