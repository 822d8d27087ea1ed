import { formatWallTime } from "~/platform/clock/time-words";
import { describeOpenStatus, type OpenStatus } from "./opening-hours";

/**
 * The kitchen's line, for a page about food, in two parts: "Kitchen open" ·
 * "until 10 pm" (until the bar closes on a day without a kitchen closing
 * time), "Kitchen closed" · "bar open until midnight" once the kitchen has
 * closed, "Kitchen closed" · "opens at 11 am" while the pub is closed.
 */
export function describeKitchenStatus(
  status: OpenStatus,
  now: Date,
): { open: boolean; label: string; detail: string } {
  if (status.open && status.kitchenOpen) {
    const until = status.kitchenClosesAtWall ?? status.closesAtWall;
    return { open: true, label: "Kitchen open", detail: `until ${formatWallTime(until)}` };
  }
  if (status.open) {
    return {
      open: false,
      label: "Kitchen closed",
      detail: `bar open until ${formatWallTime(status.closesAtWall)}`,
    };
  }
  // The kitchen opens with the pub: the pub's "opens at 11 am" is the kitchen's.
  return { open: false, label: "Kitchen closed", detail: describeOpenStatus(status, now).detail };
}
