import { randomUUID } from "node:crypto";
import type { NewEnquiry } from "./new-enquiry";

type NewContactEnquiry = Extract<NewEnquiry, { kind: "contact" }>;

/** A contact enquiry as the contact form stores it, under a fresh token, but for `changes`. */
export function contactEnquiry(changes: Partial<NewContactEnquiry> = {}): NewContactEnquiry {
  return {
    kind: "contact",
    submissionToken: randomUUID(),
    fingerprint: "a".repeat(64),
    newsletterWording: null,
    name: "Sam Okafor",
    email: "sam@example.com",
    phone: null,
    topic: "general",
    message: "Do you show the hockey games on Saturday nights?",
    consent: true,
    newsletter: false,
    ...changes,
  };
}
