/**
 * A redirect target from user input, kept on this site: only a path that
 * starts with one slash is accepted ("//evil.example" and "/\evil.example"
 * are other hosts to a browser), anything else becomes `fallback`.
 */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//")) return fallback;
  // Control characters and backslashes are how a path gets read as a host.
  if (to.includes("\\") || [...to].some(isControlCharacter)) return fallback;
  const url = new URL(to, "http://site.invalid");
  // Dot segments collapse while parsing: "/.//evil.example" becomes "//evil.example".
  if (url.origin !== "http://site.invalid" || url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

function isControlCharacter(character: string): boolean {
  const code = character.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}
