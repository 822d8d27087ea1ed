/**
 * What a render tells the server's page cache about the response it made:
 * whether it is the same for every visitor (given the page's variants, such as
 * the theme), and until when what it shows stays true. The cache policy
 * middleware decides the first; loaders that show something tied to the clock
 * (the open-now line, the next events) say when it changes.
 */
export class PageRender {
  /** Set when the response may be served to any visitor asking for the same URL and variant. */
  sameForEveryone = false;
  #until = Number.POSITIVE_INFINITY;

  /** The page shows something that changes at `moment`; a copy is kept no longer. */
  changesAt(moment: Date | number) {
    const time = typeof moment === "number" ? moment : moment.getTime();
    if (time < this.#until) this.#until = time;
  }

  /** When the page stops being true (ms since the epoch; Infinity when nothing said). */
  get until(): number {
    return this.#until;
  }
}
