/** Paragraphs of the pub's own words, as the loader parted them (`paragraphs` in page-texts.ts). */
export function Paragraphs({ text, className }: { text: readonly string[]; className?: string }) {
  const each = text.map((paragraph, index) => <p key={index}>{paragraph}</p>);
  return className ? <div className={className}>{each}</div> : <>{each}</>;
}
