import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { buttonVariants } from "~/platform/ui/button";
import { Link } from "~/platform/ui/link";

/**
 * The way through a list shown newest first, a page at a time (the
 * enquiries, the outbox): Newer on the left, Older on the right, nothing
 * when it all fits on one page.
 */
export function NewerOlder({
  page,
  pageCount,
  pageLink,
}: {
  page: number;
  pageCount: number;
  /** The address of a page of the same list. */
  pageLink: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={pageLink(page - 1)} className={buttonVariants({ variant: "outline" })}>
          <ChevronLeftIcon aria-hidden="true" />
          Newer
        </Link>
      ) : (
        // Keeps Older on the right.
        <span />
      )}
      {page < pageCount ? (
        <Link to={pageLink(page + 1)} className={buttonVariants({ variant: "outline" })}>
          Older
          <ChevronRightIcon aria-hidden="true" />
        </Link>
      ) : null}
    </nav>
  );
}
