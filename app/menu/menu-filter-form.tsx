import { SearchIcon } from "lucide-react";
import { useEffect, useEffectEvent, useRef, type FormEvent } from "react";
import { Form, useLocation, useNavigate } from "react-router";
import { buttonVariants } from "~/platform/ui/button";
import { cn } from "~/platform/cn";
import { DIET_FILTERS, DIETARY_LABELS } from "./menu";
import {
  MENU_QUERY_MAX_LENGTH,
  menuFilterSearch,
  parseMenuFilter,
  type MenuFilter,
} from "./menu-filter";

/** How long typing must pause before the menu follows the search box. */
const SEARCH_PAUSE_MS = 350;

/** The form's fields as a query string, read the way the loader reads them. */
function searchFor(form: HTMLFormElement): string {
  const fields = [...new FormData(form)].flatMap(([name, value]) =>
    typeof value === "string" ? [[name, value]] : [],
  );
  return menuFilterSearch(parseMenuFilter(new URLSearchParams(fields)).filter);
}

/**
 * The diet chips and the search box, in one row. Without JavaScript they are
 * a GET form and "Show" sends it. With it, the menu follows each choice (and the search
 * once typing pauses) by client navigation: the URL is replaced rather than
 * pushed, the page stays where it is, and the page's result line, a live
 * region, says how many dishes are left. "Show" is then hidden.
 */
export function MenuFilterForm({ filter, className }: { filter: MenuFilter; className?: string }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const chipsRef = useRef<HTMLDivElement>(null);
  const pendingSearch = useRef<number | undefined>(undefined);
  /** The query string this form last asked for, to tell its own navigations from others. */
  const requested = useRef(search);
  /** The query string the page last showed, to act once on each change of it. */
  const seen = useRef(search);

  function apply(form: HTMLFormElement) {
    window.clearTimeout(pendingSearch.current);
    const next = searchFor(form);
    requested.current = next;
    if (next === search) return;
    void navigate({ search: next }, { replace: true, preventScrollReset: true });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    apply(event.currentTarget);
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    if (event.target instanceof HTMLInputElement && event.target.type === "search") {
      window.clearTimeout(pendingSearch.current);
      pendingSearch.current = window.setTimeout(() => apply(form), SEARCH_PAUSE_MS);
    } else {
      apply(form);
    }
  }

  useEffect(() => () => window.clearTimeout(pendingSearch.current), []);

  // A choice made before the scripts ran (a chip tapped, a word typed while
  // the page was still waking) is in the fields but not in the page: follow
  // it, once, as the form wakes.
  // Read the way the loader reads it, so a query the filter does not use (a
  // campaign's utm_source, "?diet=all&q=") is no reason to navigate.
  const followEarlyChoice = useEffectEvent(() => {
    const form = formRef.current;
    if (form && searchFor(form) !== menuFilterSearch(filter)) apply(form);
  });
  useEffect(() => followEarlyChoice(), []);

  // The fields are the visitor's own until something else changes the filter
  // (Clear filters, Back): then they are set to match the page.
  // Once for each change of the page's query, not for one this form asked
  // for and is waiting on.
  useEffect(() => {
    const form = formRef.current;
    if (!form || search === seen.current) return;
    seen.current = search;
    if (search === requested.current) return;
    window.clearTimeout(pendingSearch.current);
    requested.current = search;
    const diet = form.elements.namedItem("diet");
    if (diet instanceof RadioNodeList) diet.value = filter.diet ?? "all";
    const query = form.elements.namedItem("q");
    if (query instanceof HTMLInputElement) query.value = filter.query;
  }, [search, filter.diet, filter.query]);

  // A diet chosen elsewhere (a shared link, Back, a no-script visit) may sit
  // past the row's edge on a phone: bring it into the row, never moving the page.
  useEffect(() => {
    const row = chipsRef.current;
    const chosen = row?.querySelector("input:checked + span");
    if (!row || !chosen) return;
    const bar = row.getBoundingClientRect();
    const box = chosen.getBoundingClientRect();
    const fade = parseFloat(getComputedStyle(row).scrollPaddingInlineEnd) || 0;
    if (box.left < bar.left) row.scrollLeft -= bar.left - box.left;
    else if (box.right > bar.right - fade) row.scrollLeft += box.right - (bar.right - fade);
  }, [filter.diet]);

  return (
    <Form
      ref={formRef}
      method="get"
      role="search"
      aria-label="Filter the menu"
      onSubmit={onSubmit}
      onChange={onChange}
      // A phone without scripts gives the diets a row of their own, above the search and "Show".
      className={cn("flex items-center gap-2 max-md:noscript:flex-wrap", className)}
    >
      {/* One row at every width: on a phone the diets scroll sideways beside the search. */}
      <fieldset className="min-w-0 flex-1 max-md:noscript:basis-full">
        <legend className="sr-only">Diet</legend>
        <div ref={chipsRef} className="menu-diet-chips">
          {(["all", ...DIET_FILTERS] as const).map((diet) => (
            <label key={diet} className="relative shrink-0">
              <input
                type="radio"
                name="diet"
                value={diet}
                defaultChecked={(filter.diet ?? "all") === diet}
                // Hidden at the chip's middle: a chip tapped at the top of the
                // screen, just below the sticky header, is focused where it is,
                // without the page scrolling to bring its top edge clear.
                className="peer sr-only top-1/2"
              />
              <span className="inline-flex min-h-11 cursor-pointer items-center border-2 border-input px-3 text-[0.9375rem] font-semibold whitespace-nowrap peer-checked:border-primary peer-checked:bg-primary peer-checked:text-primary-foreground peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring hover:border-foreground sm:px-4 sm:text-base forced-colors:peer-checked:forced-selected">
                {diet === "all" ? "All" : DIETARY_LABELS[diet]}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="relative w-36 shrink-0 sm:w-64 xl:w-72 max-md:noscript:flex-1">
        <label htmlFor="menu-search" className="sr-only">
          Search the menu
        </label>
        <SearchIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground"
        />
        <input
          id="menu-search"
          type="search"
          name="q"
          defaultValue={filter.query}
          maxLength={MENU_QUERY_MAX_LENGTH}
          placeholder="Search…"
          className="block h-11 w-full min-w-0 border-2 border-input bg-background pr-16 pl-10 text-base placeholder:text-muted-foreground focus:border-primary focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring in-data-hydrated:pr-2"
        />
        {/* At the search's end, over its own room, so hiding it once the page wakes moves nothing. */}
        <button
          type="submit"
          className={cn(
            buttonVariants(),
            "absolute inset-y-0 right-0 h-11 px-3 in-data-hydrated:hidden",
          )}
        >
          Show
        </button>
      </div>
    </Form>
  );
}
