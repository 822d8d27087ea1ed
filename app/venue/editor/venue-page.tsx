import { ChevronRightIcon } from "lucide-react";
import { formatPrice } from "~/platform/money";
import {
  EditorHeading,
  EditorSection,
  MoveForm,
  SampleBadge,
  StatusBadge,
} from "~/platform/ui/editor-parts";
import { Link } from "~/platform/ui/link";
import { venueAnchor, type EditablePackage, type EditableSpace } from "./venue-editor";

function VenueRow({
  list,
  id,
  to,
  name,
  details,
  hidden,
  sample,
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
  first: boolean;
  last: boolean;
}) {
  return (
    <li id={venueAnchor(list, id)} className="flex scroll-mt-28 items-center gap-2 py-2 sm:px-2">
      <Link to={to} className="group flex min-h-14 min-w-0 flex-1 items-center gap-3 py-1">
        <span className="min-w-0 flex-1">
          <span className="block text-lg font-semibold break-words underline-offset-4 group-hover:underline">
            {name}
          </span>
          <span className="mt-0.5 block text-muted-foreground">{details}</span>
          {hidden || sample ? (
            <span className="mt-1.5 flex flex-wrap gap-2">
              {sample ? <SampleBadge /> : null}
              {hidden ? <StatusBadge>Hidden</StatusBadge> : null}
            </span>
          ) : null}
        </span>
        <ChevronRightIcon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      </Link>
      <MoveForm fields={{ list, id }} name={name} first={first} last={last} />
    </li>
  );
}

/** The staff page of the venue: its spaces and its packages, each list in its order. */
export function VenueLists({
  spaces,
  packages,
}: {
  spaces: readonly EditableSpace[];
  packages: readonly EditablePackage[];
}) {
  return (
    <>
      <EditorHeading
        title="Venue"
        intro="The rooms for private parties and the packages, in the order the venue page shows them."
      />

      <EditorSection
        id="spaces"
        title="Spaces"
        intro="The venue enquiry form checks a party’s size against each space’s capacity."
        add={{ to: "/staff/venue/spaces/new", label: "Add a space" }}
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
              first={index === 0}
              last={index === spaces.length - 1}
            />
          ))}
        </ul>
      </EditorSection>

      <EditorSection
        id="packages"
        title="Packages"
        add={{ to: "/staff/venue/packages/new", label: "Add a package" }}
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
              first={index === 0}
              last={index === packages.length - 1}
            />
          ))}
        </ul>
      </EditorSection>
    </>
  );
}
