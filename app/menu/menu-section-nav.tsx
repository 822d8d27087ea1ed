import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { useEffect, useRef, useState, type RefObject } from "react";
import { cn } from "~/platform/cn";

type SectionLink = { slug: string; name: string };

function scrollBehavior(): ScrollBehavior {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
}

/** Keeps up with which way the list can scroll. */
function useScrollableSides(listRef: RefObject<HTMLUListElement | null>) {
  const [before, setBefore] = useState(false);
  const [after, setAfter] = useState(false);
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => {
      setBefore(list.scrollLeft > 1);
      setAfter(list.scrollLeft + list.clientWidth < list.scrollWidth - 1);
    };
    measure();
    list.addEventListener("scroll", measure, { passive: true });
    const resize = new ResizeObserver(measure);
    resize.observe(list);
    return () => {
      list.removeEventListener("scroll", measure);
      resize.disconnect();
    };
  }, [listRef]);
  return { before, after };
}

/**
 * The section the visitor is reading: the one crossing the line where a
 * section's top comes to rest when its link is followed (the page's scroll
 * padding and the section's scroll margin, just under the sticky bars). Null
 * above the first section.
 */
function useCurrentSection(slugs: string): string | null {
  const [current, setCurrent] = useState<string | null>(null);
  useEffect(() => {
    const sections = slugs
      .split(" ")
      .map((slug) => document.getElementById(slug))
      .filter((section) => section !== null);
    const first = sections[0];
    if (!first) return;
    const crossing = new Set<Element>();
    let observer: IntersectionObserver | undefined;

    const watch = () => {
      observer?.disconnect();
      crossing.clear();
      // The page's scroll padding (the header) and the section's margin (the bar).
      const rest =
        (parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0) +
        (parseFloat(getComputedStyle(first).scrollMarginTop) || 0);
      const line = Math.ceil(rest) + 2;
      const below = Math.max(0, window.innerHeight - line - 1);
      observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (entry.isIntersecting) crossing.add(entry.target);
            else crossing.delete(entry.target);
          }
          const reading = sections.find((section) => crossing.has(section));
          // Crossing none: above the first section, or past the last one.
          const beyond = first.getBoundingClientRect().top > line ? null : sections.at(-1);
          setCurrent((reading ?? beyond)?.id ?? null);
        },
        { rootMargin: `-${line}px 0px -${below}px 0px` },
      );
      for (const section of sections) observer.observe(section);
    };

    watch();
    // The line moves with the viewport's height (and the bars with it).
    window.addEventListener("resize", watch);
    return () => {
      window.removeEventListener("resize", watch);
      observer?.disconnect();
    };
  }, [slugs]);
  return current;
}

/**
 * The sticky bar of links to the menu's sections. It scrolls sideways when the
 * links do not fit: with JavaScript, an edge with more links beyond it fades
 * and the buttons beside it (from the small-tablet width up) scroll it; the
 * section being read is marked and kept in view within the bar.
 */
export function MenuSectionNav({ sections }: { sections: readonly SectionLink[] }) {
  const listRef = useRef<HTMLUListElement>(null);
  const more = useScrollableSides(listRef);
  const current = useCurrentSection(sections.map((section) => section.slug).join(" "));

  // Bring the current section's link into the bar without moving the page.
  useEffect(() => {
    const list = listRef.current;
    const link = current ? list?.querySelector(`a[href="#${CSS.escape(current)}"]`) : null;
    if (!list || !link) return;
    const bar = list.getBoundingClientRect();
    const box = link.getBoundingClientRect();
    const fade = 48;
    if (box.left >= bar.left + fade && box.right <= bar.right - fade) return;
    list.scrollTo({
      left: list.scrollLeft + box.left - bar.left - (bar.width - box.width) / 2,
      behavior: scrollBehavior(),
    });
  }, [current]);

  const scrollBy = (direction: 1 | -1) => {
    const list = listRef.current;
    list?.scrollBy({ left: direction * list.clientWidth * 0.75, behavior: scrollBehavior() });
  };

  const button =
    "absolute top-1/2 hidden size-11 -translate-y-1/2 items-center justify-center text-foreground hover:bg-muted aria-disabled:cursor-default aria-disabled:opacity-35 aria-disabled:hover:bg-transparent sm:inline-flex [&_svg]:size-5";
  // Made in the browser once the bar is measured, in room the bar keeps for them.
  const scrollable = more.before || more.after;

  return (
    <nav
      aria-label="Menu sections"
      // menu-section-bar: the page's scroll padding counts its height (app.css).
      className="menu-section-bar sticky top-16 z-20 mt-2 border-y border-border bg-background/95 backdrop-blur lg:top-20 short:top-0"
    >
      <div className="relative mx-auto max-w-6xl sm:px-12">
        {scrollable ? (
          <button
            type="button"
            aria-label="Scroll section links left"
            aria-disabled={!more.before}
            onClick={() => scrollBy(-1)}
            className={cn(button, "left-0.5")}
          >
            <ChevronLeftIcon aria-hidden="true" />
          </button>
        ) : null}
        <ul
          ref={listRef}
          data-more-before={more.before ? "" : undefined}
          data-more-after={more.after ? "" : undefined}
          className="menu-sections flex gap-1 overflow-x-auto px-4 text-sm font-semibold whitespace-nowrap *:shrink-0 sm:px-1 sm:py-2 short:py-0"
        >
          {sections.map((section) => (
            <li key={section.slug}>
              <a
                href={`#${section.slug}`}
                aria-current={current === section.slug ? "true" : undefined}
              >
                {section.name}
              </a>
            </li>
          ))}
        </ul>
        {scrollable ? (
          <button
            type="button"
            aria-label="Scroll section links right"
            aria-disabled={!more.after}
            onClick={() => scrollBy(1)}
            className={cn(button, "right-0.5")}
          >
            <ChevronRightIcon aria-hidden="true" />
          </button>
        ) : null}
      </div>
    </nav>
  );
}
