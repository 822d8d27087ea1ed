/** Where staff find the newsletter. */
export const NEWSLETTER_PATH = "/staff/newsletter";

/** The owners' list of subscribers. */
export const SUBSCRIBERS_PATH = "/staff/newsletter/subscribers";

/** One newsletter's page (`"new"`: a new draft). */
export const newsletterPath = (id: number | "new") => `${NEWSLETTER_PATH}/${id}`;

/** What anyone but an owner is told when they try to write or send. */
export const OWNERS_ONLY_NEWSLETTER =
  "Only the pub's owners can write and send the newsletter. Ask an owner if something should go out.";
