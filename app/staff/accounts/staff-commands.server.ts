import { z } from "zod";

export type StaffAddArguments = {
  /** Everyone to add with the role: `--email` may be given more than once. */
  emails: string[];
  role: "owner" | "editor";
  /** Read the password from standard input instead of making one. */
  passwordFromStdin: boolean;
};

/** The `staff-add` command's arguments, or what is wrong with them. */
export function parseStaffAddArguments(
  args: readonly string[],
): ({ ok: true } & StaffAddArguments) | { ok: false; message: string } {
  const options = new Map<string, string | true>();
  const givenEmails: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? "";
    const [name, inline] = arg.split("=", 2) as [string, string | undefined];
    if (name === "--password-stdin") options.set(name, true);
    else if (name === "--email" || name === "--role") {
      const value = inline ?? args[(index += 1)];
      if (value === undefined) return { ok: false, message: `${name} needs a value.` };
      if (name === "--email") givenEmails.push(value);
      else options.set(name, value);
    } else return { ok: false, message: `Unknown argument "${arg}".` };
  }
  const emails: string[] = [];
  for (const given of givenEmails.length > 0 ? givenEmails : [""]) {
    const email = z.string().pipe(z.email()).safeParse(given.trim());
    if (!email.success) return { ok: false, message: "--email must be an email address." };
    const address = email.data.toLowerCase();
    if (!emails.includes(address)) emails.push(address);
  }
  const role = options.get("--role");
  if (role !== "owner" && role !== "editor") {
    return { ok: false, message: '--role must be "owner" or "editor".' };
  }
  return { ok: true, emails, role, passwordFromStdin: options.has("--password-stdin") };
}

/** The `staff-reset` command's one argument, or what is wrong with it. */
export function parseStaffResetArguments(
  args: readonly string[],
): { ok: true; email: string } | { ok: false; message: string } {
  const emails: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? "";
    const [name, inline] = arg.split("=", 2) as [string, string | undefined];
    if (name !== "--email") return { ok: false, message: `Unknown argument "${arg}".` };
    const value = inline ?? args[(index += 1)];
    if (value === undefined) return { ok: false, message: "--email needs a value." };
    emails.push(value);
  }
  if (emails.length !== 1) {
    return { ok: false, message: "Give one --email: the staff member who needs a new password." };
  }
  const email = z.string().pipe(z.email()).safeParse(emails[0]!.trim());
  if (!email.success) return { ok: false, message: "--email must be an email address." };
  return { ok: true, email: email.data.toLowerCase() };
}
