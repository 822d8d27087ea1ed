import { SelectField, TextAreaField, TextField } from "~/platform/forms/form-fields";
import type { BoundField } from "~/platform/forms/checked-form";
import {
  contactTopicLabels,
  contactTopics,
  earliestBookingDate,
  latestBookingDate,
  type ContactField,
  type EnquiryKind,
  type EnquirySpace,
  type VenueField,
} from "./enquiry-fields";

/** The contact form's own fields, each given its id, error, typed value and focus by `field`. */
export function ContactFormFields({ field }: { field: (name: ContactField) => BoundField }) {
  return (
    <>
      <NameAndEmailFields field={field} />
      <div className="grid gap-7 sm:grid-cols-2">
        <PhoneField field={field} why="If you’d rather we call" />
        <SelectField {...field("topic")} label="What is it about?">
          <option value="">Choose one</option>
          {contactTopics.map((topic) => (
            <option key={topic} value={topic}>
              {contactTopicLabels[topic]}
            </option>
          ))}
        </SelectField>
      </div>
      <MessageField field={field} kind="contact" />
    </>
  );
}

/** The venue form's own fields: the spaces on offer, and dates from tomorrow as far as can be booked. */
export function VenueFormFields({
  field,
  spaces,
  today,
}: {
  field: (name: VenueField) => BoundField;
  spaces: readonly EnquirySpace[];
  /** "YYYY-MM-DD" in America/Toronto. */
  today: string;
}) {
  return (
    <>
      <SelectField {...field("space")} label="Which space?">
        <option value="">Choose a space</option>
        {spaces.map((space) => (
          <option key={space.slug} value={space.slug}>
            {space.name} (up to {space.capacity} guests)
          </option>
        ))}
      </SelectField>
      <div className="grid gap-7 sm:grid-cols-3">
        <TextField
          {...field("date")}
          label="Date"
          type="date"
          min={earliestBookingDate(today)}
          max={latestBookingDate(today)}
        />
        <TextField {...field("startTime")} label="Start time" type="time" />
        <TextField
          {...field("partySize")}
          label="Guests"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
        />
      </div>
      <NameAndEmailFields field={field} />
      <PhoneField field={field} why="Handy on the day" />
      <MessageField field={field} kind="venue" />
    </>
  );
}

type VisitorField = ContactField & VenueField;

/** Who is writing: their name and email side by side. */
function NameAndEmailFields({ field }: { field: (name: VisitorField) => BoundField }) {
  return (
    <div className="grid gap-7 sm:grid-cols-2">
      <TextField {...field("name")} label="Your name" autoComplete="name" />
      <TextField
        {...field("email")}
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
      />
    </div>
  );
}

/** What each form asks the visitor to write about, and the room it gives them. */
const MESSAGE_WORDS = {
  contact: {
    label: "Your message",
    hint: "At least 10 characters. For lost property, say when you visited and where you sat.",
    rows: 7,
  },
  venue: {
    label: "Tell us about it",
    hint: "The occasion, food and drink you have in mind, timings, any access needs.",
    rows: 6,
  },
} as const;

/** What the visitor has to say, in the words of their form (`kind`). */
function MessageField({
  field,
  kind,
}: {
  field: (name: VisitorField) => BoundField;
  kind: EnquiryKind;
}) {
  return <TextAreaField {...field("message")} {...MESSAGE_WORDS[kind]} />;
}

/** The visitor's phone, never required; `why` says what the pub would call for. */
function PhoneField({
  field,
  why,
}: {
  field: (name: VisitorField) => BoundField;
  /** "If you’d rather we call", "Handy on the day": an example number follows it. */
  why: string;
}) {
  return (
    <TextField
      {...field("phone")}
      label="Phone"
      optional
      // An example that is not the pub's own number, which a visitor could take for theirs to give.
      hint={
        <>
          {`${why}, such as`} <span className="whitespace-nowrap">519-555-0199</span>.
        </>
      }
      type="tel"
      autoComplete="tel"
    />
  );
}
