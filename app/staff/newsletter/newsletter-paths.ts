import { NEWSLETTER_PATH } from "~/newsletter/subscriber-list";

/** Where staff find the newsletter, and the owners' list of its subscribers. */
export { NEWSLETTER_PATH, SUBSCRIBERS_PATH } from "~/newsletter/subscriber-list";

/** One newsletter's page (`"new"`: a new draft). */
export const newsletterPath = (id: number | "new") => `${NEWSLETTER_PATH}/${id}`;

/** What anyone but an owner is told when they try to write or send. */
export const OWNERS_ONLY_NEWSLETTER =
  "Only the pub's owners can write and send the newsletter. Ask an owner if something should go out.";
