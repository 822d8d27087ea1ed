import type { PageNotes } from "~/platform/context";
import { oldestRevision } from "~/platform/live/revision-order";

/** A value each visitor gets their own of, and the mark standing in for it in a kept page. */
export type Hole = { mark: string; fill: () => string };

/**
 * The notes one render's loaders leave (`PageNotes`): until when what the
 * page shows stays true (loaders that show something tied to the clock, such
 * as the open-now line or the next events, say when it changes), and the
 * values each visitor must get afresh (a form's submission token, the nonce
 * of its scripts). When the page cache asks for it (`withHoles`), such values
 * are rendered as marks, and the kept page has them filled in anew for each
 * response. Whether the page is the same for everyone is decided from the
 * response afterwards (`decideSharing`), not written here.
 */
export class PageRender implements PageNotes {
  #until = Number.POSITIVE_INFINITY;
  readonly #holes: Hole[] = [];
  readonly #withHoles: boolean;
  readonly #markPrefix: string;
  #declaredPerVisitor = false;
  #oldestContent: string | null | undefined;

  /**
   * @param withHoles Render per-visitor values as marks; whoever sends the
   * response must then fill them (`holes`).
   */
  constructor({ withHoles = false }: { withHoles?: boolean } = {}) {
    this.#withHoles = withHoles;
    // Letters and digits only, so no escaping (HTML, JSON, URLs) changes a mark.
    const random = new Uint8Array(12);
    crypto.getRandomValues(random);
    this.#markPrefix = `hole${Array.from(random, (byte) => byte.toString(16).padStart(2, "0")).join("")}x`;
  }

  /** The page shows something that changes at `moment`; a copy is kept no longer. */
  changesAt(moment: Date | number) {
    const time = typeof moment === "number" ? moment : moment.getTime();
    if (time < this.#until) this.#until = time;
  }

  soonestChange(): number | null {
    return Number.isFinite(this.#until) ? this.#until : null;
  }

  /** When the page stops being true (ms since the epoch; Infinity when nothing said). */
  get until(): number {
    return this.#until;
  }

  /**
   * A value made afresh for each response (`make()`), or, while rendering a
   * page to keep, the mark that stands in for it until the page is sent.
   */
  freshEachTime(make: () => string): string {
    if (!this.#withHoles) return make();
    const mark = `${this.#markPrefix}${this.#holes.length}`;
    this.#holes.push({ mark, fill: make });
    return mark;
  }

  /**
   * A page's own declaration that what differs between visitors is only its
   * fresh values: one that shareable caches may not keep (a form) may then
   * still be kept by the server, holes and all.
   */
  declarePerVisitorValuesOnly() {
    this.#declaredPerVisitor = true;
  }

  get declaredPerVisitorValuesOnly(): boolean {
    return this.#declaredPerVisitor;
  }

  /** Content shown was read at `revision` (null: not known); the page is as old as its oldest. */
  contentReadAt(revision: string | null) {
    this.#oldestContent = oldestRevision([this.#oldestContent, revision]);
  }

  oldestContent(): string | null | undefined {
    return this.#oldestContent;
  }

  /** The marks rendered, each with how to fill it. */
  get holes(): readonly Hole[] {
    return this.#holes;
  }
}

/**
 * `text` with every mark replaced by a fresh value (the same value for each
 * occurrence of a mark). Longer marks go first, so the eleventh hole's mark
 * (`…x10`) is not taken for the second's (`…x1`) and a digit.
 */
export function fillHoles(text: string, filled: ReadonlyMap<string, string>): string {
  let result = text;
  const longestFirst = [...filled].sort(([a], [b]) => b.length - a.length);
  for (const [mark, value] of longestFirst) result = result.replaceAll(mark, value);
  return result;
}

/** One fresh value for each hole, for one response. */
export function freshValues(holes: readonly Hole[]): Map<string, string> {
  return new Map(holes.map(({ mark, fill }) => [mark, fill()]));
}
