import { formatPrice } from "~/platform/money";
import {
  EditorListItem,
  EditorSection,
  ReorderableHeading,
  ReorderRow,
  SampleBadge,
  StatusBadge,
} from "~/platform/ui/editor-parts";
import { venueAnchor, type EditablePackage, type EditableSpace } from "./venue-editor";

/** The list's address; reorder mode is `?reorder=1` on it. */
export const VENUE_PATH = "/staff/venue";

/** A space or a package: a link to its editor, or in reorder mode its name and moves. */
function VenueRow({
  list,
  id,
  to,
  name,
  details,
  hidden,
  sample,
  reordering,
  first,
  last,
}: {
  list: "space" | "package";
  id: number;
  to: string;
  name: string;
  details: string;
  hidden: boolean;
  sample: boolean;
  reordering: boolean;
  first: boolean;
  last: boolean;
}) {
  return reordering ? (
    <ReorderRow
      id={venueAnchor(list, id)}
      path={VENUE_PATH}
      name={name}
      hidden={hidden}
      fields={{ list, id }}
      first={first}
      last={last}
    />
  ) : (
    <EditorListItem
      id={venueAnchor(list, id)}
      to={to}
      title={name}
      details={details}
      badges={
        hidden || sample ? (
          <>
            {sample ? <SampleBadge /> : null}
            {hidden ? <StatusBadge>Hidden</StatusBadge> : null}
          </>
        ) : undefined
      }
    />
  );
}

/**
 * The staff page of the venue: its spaces and its packages, each list in its
 * order; in reorder mode, their names and move buttons only.
 */
export function VenueLists({
  spaces,
  packages,
  reordering,
}: {
  spaces: readonly EditableSpace[];
  packages: readonly EditablePackage[];
  reordering: boolean;
}) {
  return (
    <>
      <ReorderableHeading
        path={VENUE_PATH}
        reordering={reordering}
        title="Venue"
        intro="The rooms for private parties and the packages, in the order the venue page shows them."
        reorder={{
          title: "Venue: reorder",
          intro:
            "Move spaces and packages up or down their lists; visitors see the new order at once.",
          label: "Reorder the venue",
        }}
      />

      <EditorSection
        id="spaces"
        title="Spaces"
        intro="The venue enquiry form checks a party’s size against each space’s capacity."
        add={reordering ? undefined : { to: "/staff/venue/spaces/new", label: "Add a space" }}
      >
        <ul aria-label="Spaces" className="mt-4 divide-y divide-border border-y border-border">
          {spaces.map((space, index) => (
            <VenueRow
              key={space.id}
              list="space"
              id={space.id}
              to={`/staff/venue/spaces/${space.id}`}
              name={space.name}
              details={`${space.seatedCapacity} seated · ${space.standingCapacity} standing${space.stepFree ? " · step-free" : ""}`}
              hidden={!space.published}
              sample={space.sample}
              reordering={reordering}
              first={index === 0}
              last={index === spaces.length - 1}
            />
          ))}
        </ul>
      </EditorSection>

      <EditorSection
        id="packages"
        title="Packages"
        add={reordering ? undefined : { to: "/staff/venue/packages/new", label: "Add a package" }}
      >
        <ul aria-label="Packages" className="mt-4 divide-y divide-border border-y border-border">
          {packages.map((pack, index) => (
            <VenueRow
              key={pack.id}
              list="package"
              id={pack.id}
              to={`/staff/venue/packages/${pack.id}`}
              name={pack.name}
              details={`${formatPrice(pack.priceCents)} ${pack.priceUnit === "per-guest" ? "per guest" : "flat"}${pack.minimumGuests ? ` · at least ${pack.minimumGuests} guests` : ""}`}
              hidden={!pack.published}
              sample={pack.sample}
              reordering={reordering}
              first={index === 0}
              last={index === packages.length - 1}
            />
          ))}
        </ul>
      </EditorSection>
    </>
  );
}
