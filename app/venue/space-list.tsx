import { AccessibilityIcon, FootprintsIcon, UsersIcon } from "lucide-react";
import type { Picture } from "~/images/pictures";
import { SpaceGallery } from "./space-gallery";
import { TickedList } from "./ticked-list";
import { spaceAccess, type VenueSpace } from "./venue";

/** How many a space holds, each way it can be set up. */
const CAPACITIES = [
  ["Seated", "seatedCapacity"],
  ["Standing", "standingCapacity"],
] as const;

export type ListedSpace = VenueSpace & { pictures: Picture[] };

/**
 * The spaces one after another, each with its photos (on alternate sides on
 * wide screens), what it holds, its features and how it is reached.
 */
export function SpaceList({ spaces }: { spaces: readonly ListedSpace[] }) {
  return (
    <ul className="mt-10 space-y-12">
      {spaces.map((space, index) => (
        <li
          key={space.id}
          id={space.slug}
          className="grid gap-6 border-b border-border pb-12 last:border-b-0 lg:grid-cols-2 lg:gap-10"
        >
          <SpaceGallery
            name={space.name}
            pictures={space.pictures}
            priority={index === 0}
            className={index % 2 === 1 ? "lg:order-last" : undefined}
          />
          <div>
            <h3 className="text-3xl tracking-tight">{space.name}</h3>
            <p className="mt-2 text-lg text-muted-foreground">{space.summary}</p>
            <dl className="mt-5 grid grid-cols-2 gap-px border border-border bg-border">
              {CAPACITIES.map(([setUp, capacity]) => (
                <div key={setUp} className="bg-card p-4">
                  <dt className="flex items-center gap-2 text-sm text-muted-foreground">
                    <UsersIcon aria-hidden="true" className="size-4" />
                    {setUp}
                  </dt>
                  <dd className="mt-1 font-display text-3xl">{space[capacity]}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-5 text-muted-foreground">{space.description}</p>
            <TickedList
              items={space.features}
              label={`${space.name} features`}
              className="mt-4 grid gap-2 sm:grid-cols-2"
            />
            <SpaceAccess space={space} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function SpaceAccess({ space }: { space: VenueSpace }) {
  const { lead, note } = spaceAccess(space);
  // The wheelchair sign only where a wheelchair can go; steps otherwise.
  const Icon = space.stepFree ? AccessibilityIcon : FootprintsIcon;
  return (
    <p className="mt-4 flex items-start gap-2 text-sm">
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      <span>
        <span className="font-semibold">{lead}</span> {note}
      </span>
    </p>
  );
}
