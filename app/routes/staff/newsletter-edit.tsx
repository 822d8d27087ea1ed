import type { Route } from "./+types/newsletter-edit";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { NewsletterPage } from "~/staff/newsletter/newsletter-page";
import {
  loadNewsletterPage,
  newsletterPageAction,
} from "~/staff/newsletter/newsletter-pages.server";
import { staffMeta } from "~/staff/staff-meta";

export const loader = loadNewsletterPage;
export const action = newsletterPageAction;
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  staffMeta(loaderData?.newsletter?.subject ?? "Write a newsletter", matches);
export const headers = staffPageHeaders;
export default NewsletterPage;
