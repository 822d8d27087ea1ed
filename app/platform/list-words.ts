/** Words as a sentence lists them: "fish", "fish and milk", "fish, milk and eggs". */
export function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}
