/** The parts of the Network Information API the site reads (Chromium only). */
export type ConnectionHints = { saveData?: boolean; effectiveType?: string };

/**
 * Whether to fetch a page's code and data before the visitor clicks. Not on
 * a metered connection (Save-Data) or a 2g one, where it would cost them.
 */
export function shouldPrefetch(connection: ConnectionHints | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !connection.effectiveType?.includes("2g");
}
