// Figures and tables for the performance scripts: medians, aligned text
// tables, and the git-ignored results folder. Erasable TypeScript only.
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { root } from "./server.ts";

export const resultsDirectory = path.join(root, ".lighthouse");

/** Writes `content` to `.lighthouse/<name>` and returns the path relative to the project. */
export function writeResult(name: string, content: string): string {
  mkdirSync(resultsDirectory, { recursive: true });
  const file = path.join(resultsDirectory, name);
  writeFileSync(file, content);
  return path.relative(root, file);
}

/** The middle value (mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Columns padded to their widest cell; the first column left-aligned, the rest right-aligned. */
export function formatTable(header: string[], rows: string[][]): string {
  const all = [header, ...rows];
  const widths = header.map((_, column) =>
    Math.max(...all.map((row) => (row[column] ?? "").length)),
  );
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join("  ")
      .trimEnd();
  const rule = widths.map((width) => "-".repeat(width)).join("  ");
  return [line(header), rule, ...rows.map(line)].join("\n");
}

/** The machine's load averages (1, 5 and 15 minutes), as a bench reports them before it starts. */
export function loadAverageNow(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");
}

/** A positive whole number from a command-line option or environment variable. */
export function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) {
    throw new Error(`${name} must be a whole number of at least 1, not "${value}".`);
  }
  return number;
}
