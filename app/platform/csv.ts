/**
 * Spreadsheet files the staff download (the menu, the newsletter's list).
 * A cell that starts like a formula (=, +, -, @, a tab or a carriage
 * return) is written after an apostrophe, so a spreadsheet shows it as text
 * and never runs it (OWASP's advice for CSV exports): the cells hold what
 * staff and visitors typed.
 */

/** A cell as a spreadsheet reads it: quoted when it must be, and never a formula. */
export function csvCell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as CSV (RFC 4180: CRLF between rows, and after the last). */
export function csvText(rows: readonly (readonly string[])[]): string {
  return `${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/**
 * A CSV file's body as a download: after a byte-order mark, so a
 * spreadsheet reads accents and dashes as UTF-8.
 */
export function csvBody(rows: readonly (readonly string[])[]): string {
  return `\uFEFF${csvText(rows)}`;
}
