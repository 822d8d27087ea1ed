import { env } from "./env.server";

const levels = ["debug", "info", "warn", "error"] as const;
type Level = (typeof levels)[number];

const threshold = env.LOG_LEVEL === "silent" ? levels.length : levels.indexOf(env.LOG_LEVEL);

function describe(value: unknown): unknown {
  if (value instanceof Error) {
    return { name: value.name, message: value.message, stack: value.stack };
  }
  return value;
}

function enabled(level: Level): boolean {
  return levels.indexOf(level) >= threshold;
}

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  if (!enabled(level)) return;
  const line = fields
    ? `${level} ${message} ${JSON.stringify(fields, (_, value: unknown) => describe(value))}`
    : `${level} ${message}`;
  if (level === "error" || level === "warn") console.error(line);
  else console.log(line);
}

/** One line per event, level first, details as JSON: readable in `fly logs`, parseable by tools. */
export const log = {
  /** Whether lines of `level` are written, to skip preparing ones that are not. */
  enabled,
  debug: (message: string, fields?: Record<string, unknown>) => write("debug", message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write("error", message, fields),
};
