/** Phone numbers as people type them and as the site shows them: North American, one way each. */

/**
 * A North American phone number in E.164 ("+15195550134"), or null when the
 * text is not one. Accepts the usual ways of writing it: 519-555-0134,
 * (519) 555-0134, 519.555.0134, 5195550134, +1 519 555 0134, 1-519-555-0134.
 */
export function parseNorthAmericanPhone(input: string): string | null {
  const text = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(text)) return null;
  let digits = text.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  else if (text.startsWith("+")) return null;
  // Area codes and exchanges never start with 0 or 1.
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(digits) ? `+1${digits}` : null;
}

/** A phone number as the site shows it: 519-555-0134. */
export function displayPhone(e164: string): string {
  const digits = e164.replace(/^\+1/, "");
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}
