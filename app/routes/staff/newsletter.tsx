import type { Route } from "./+types/newsletter";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { NewsletterHub } from "~/staff/newsletter/newsletter-hub";
import { loadNewsletterHub } from "~/staff/newsletter/newsletter-pages.server";
import { staffMeta } from "~/staff/staff-meta";

export const loader = loadNewsletterHub;
export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Newsletter", matches);
export const headers = staffPageHeaders;
export default NewsletterHub;
