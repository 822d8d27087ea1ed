import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import * as serverBuild from "virtual:react-router/server-build";
import { openDatabase, type Database } from "~/platform/database/database.server";
import { migrate, seedIfEmpty } from "~/platform/database/migrations.server";
import { purgeOnce } from "~/enquiries/retention.server";
import { newsletterPurges } from "~/newsletter/subscribers.server";
import { authBackendFor } from "~/platform/auth-backend.server";
import { addStaff } from "~/staff/accounts/add-staff.server";
import { STAFF_ADD_USAGE, STAFF_RESET_USAGE } from "~/staff/accounts/staff-forms";
import {
  parseStaffAddArguments,
  parseStaffResetArguments,
} from "~/staff/accounts/staff-commands.server";
import { staffResetLink } from "~/staff/accounts/staff-reset.server";
import { env } from "~/platform/env.server";
import { createAppHandler } from "./pipeline/pipeline";
import { serve } from "./serve";

/** The React Router build this server runs; tests import it from the built file. */
export const build = serverBuild as unknown as ServerBuild;
export { createAppHandler };

/** The empty embedded database the build makes beside this file, for a first start to copy. */
const PGLITE_TEMPLATE = fileURLToPath(new URL("./pglite-template", import.meta.url));

/** The production server: the build's pipeline, its client files and its empty database. */
function start(): Promise<void> {
  return serve({
    pgliteTemplate: PGLITE_TEMPLATE,
    pipeline: () =>
      createAppHandler({
        build,
        mode: env.NODE_ENV,
        clientDirectory: fileURLToPath(new URL("../client", import.meta.url)),
        clientIpHeader: env.CLIENT_IP_HEADER,
      }),
  });
}

/**
 * A chore's arguments, checked before the database is opened (a mistyped
 * flag says so at once and touches nothing), and the work it then does.
 */
type Command = (args: readonly string[]) => (db: Database) => Promise<void>;

/** Chores for ops: `node build/server/index.js migrate|seed|purge-enquiries|staff-add|staff-reset`. */
const COMMANDS = {
  migrate: () => async (db) => {
    const applied = await migrate(db);
    console.log(
      applied.length === 0
        ? "The database is up to date."
        : applied.map((m) => `Applied ${m.version}_${m.name}`).join("\n"),
    );
  },
  seed: () => async (db) => {
    await migrate(db);
    console.log(
      (await seedIfEmpty(db))
        ? "Loaded the sample content."
        : "The database already has content; the sample content was not loaded.",
    );
  },
  "purge-enquiries": () => async (db) => {
    await migrate(db);
    const { enquiries } = await purgeOnce(db, env.ENQUIRY_RETENTION_DAYS, newsletterPurges);
    console.log(
      `Deleted ${enquiries} ${enquiries === 1 ? "enquiry" : "enquiries"} older than ${env.ENQUIRY_RETENTION_DAYS} days.`,
    );
  },
  "staff-add"(args) {
    const parsed = parseStaffAddArguments(args);
    if (!parsed.ok) throw new UsageError(`${parsed.message}\n${STAFF_ADD_USAGE}`);
    return async (db) => {
      await migrate(db);
      const password = parsed.passwordFromStdin ? await readPassword() : undefined;
      const backend = await authBackendFor(db);
      for (const email of parsed.emails) {
        const added = await addStaff(db, backend, { email, role: parsed.role, password });
        console.log(
          `${added.email} is on the staff list as ${added.role === "owner" ? "an owner" : "an editor"}.`,
        );
        console.log(
          added.password
            ? `Their password, shown this once: ${added.password}`
            : added.created
              ? "They sign in with the password given."
              : "They sign in with the password they already have.",
        );
      }
    };
  },
  "staff-reset"(args) {
    const parsed = parseStaffResetArguments(args);
    if (!parsed.ok) throw new UsageError(`${parsed.message}\n${STAFF_RESET_USAGE}`);
    return async (db) => {
      await migrate(db);
      const origin = env.SITE_URL ?? `http://localhost:${env.PORT}`;
      const made = await staffResetLink(db, await authBackendFor(db), {
        email: parsed.email,
        origin,
      });
      console.log(
        made.purpose === "reset"
          ? `A link for ${made.email} to set a new password (it works once, until ${made.expiresAt.toISOString()}):`
          : `${made.email} has not joined yet: a new invitation link, with which they set their password (it works once, until ${made.expiresAt.toISOString()}):`,
      );
      console.log(made.link);
      if (!env.SITE_URL) {
        console.log(
          `SITE_URL is not set: if the site is not at ${origin}, use its address instead.`,
        );
      }
    };
  },
} satisfies Record<string, Command>;

/** A command given the wrong arguments: its message is the usage, and the exit code 2. */
class UsageError extends Error {}

/** The first line of standard input, for a password that should not be in the shell's history. */
async function readPassword(): Promise<string> {
  let input = "";
  for await (const chunk of process.stdin) input += String(chunk);
  const password = input.split(/\r?\n/, 1)[0] ?? "";
  if (!password) throw new UsageError("--password-stdin read no password from standard input.");
  return password;
}

/** Says what stopped a command; its exit code, 2 for wrong arguments and 1 for anything else. */
function failed(error: unknown): number {
  console.error(error instanceof Error ? error.message : error);
  return error instanceof UsageError ? 2 : 1;
}

async function runCommand(name: string, args: readonly string[]): Promise<number> {
  if (!Object.hasOwn(COMMANDS, name)) {
    console.error(`Unknown command "${name}". Commands: ${Object.keys(COMMANDS).join(", ")}.`);
    return 2;
  }
  const command: Command = COMMANDS[name as keyof typeof COMMANDS];
  let work: (db: Database) => Promise<void>;
  try {
    work = command(args);
  } catch (error) {
    return failed(error);
  }
  const db = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDirectory: env.DATA_DIR,
    pgliteTemplate: { directory: PGLITE_TEMPLATE },
  });
  try {
    await work(db);
    return 0;
  } catch (error) {
    return failed(error);
  } finally {
    await db.close();
  }
}

if (import.meta.main) {
  const [command, ...args] = process.argv.slice(2);
  if (command) process.exitCode = await runCommand(command, args);
  else await start();
}
