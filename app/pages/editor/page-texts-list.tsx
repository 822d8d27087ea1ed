import { Link } from "~/platform/ui/link";
import {
  EditorHeading,
  EditorListItem,
  EditorSection,
  SampleBadge,
} from "~/platform/ui/editor-parts";
import { PAGE_PARTS } from "./page-parts";
import type { EditablePageText } from "./page-text-editor";

/** The staff list of the pages whose words staff write, in the site's navigation order. */
export function PageTextsList({ texts }: { texts: readonly EditablePageText[] }) {
  return (
    <>
      <EditorHeading
        title="Page text"
        intro="The words of each page besides its dishes, specials and events: the line under its heading, which search results show too, and the page’s own story or notes."
      />
      <EditorSection id="pages" title="The site’s pages">
        <ul aria-label="Pages" className="mt-3 divide-y divide-border border-y border-border">
          {texts.map((text) => (
            <EditorListItem
              key={text.id}
              id={`page-${text.id}`}
              to={`/staff/pages/${text.id}`}
              title={`${PAGE_PARTS[text.page].name} page`}
              details={text.description}
              detailsClassName="line-clamp-2 break-words"
              badges={text.sample ? <SampleBadge /> : undefined}
            />
          ))}
        </ul>
        <p className="mt-4 text-muted-foreground">
          The About page’s questions and answers are under{" "}
          <Link to="/staff/questions" className="font-semibold text-primary underline">
            Questions
          </Link>
          ; the pub’s name, tagline, address and notes on parking, buses and access are under{" "}
          <Link to="/staff/settings" className="font-semibold text-primary underline">
            Site
          </Link>
          .
        </p>
      </EditorSection>
    </>
  );
}
