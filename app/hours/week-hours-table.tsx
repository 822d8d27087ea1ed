import { cn } from "~/platform/cn";
import { dateParts, formatWallTime } from "~/platform/clock/time-words";
import { describeDay } from "./hours-summary";
import type { WeekDayHours } from "./opening-hours";

/** Monday to Sunday with the bar's and the kitchen's hours; today is marked in words too. */
export function WeekHoursTable({ week, className }: { week: WeekDayHours[]; className?: string }) {
  return (
    <table className={cn("w-full border-collapse text-left", className)}>
      <caption className="sr-only">Opening hours this week</caption>
      <thead>
        <tr className="border-b-2 border-foreground text-sm">
          <th scope="col" className="py-2 pr-4 font-semibold">
            Day
          </th>
          <th scope="col" className="py-2 pr-4 font-semibold">
            Open
          </th>
          <th scope="col" className="py-2 font-semibold">
            Kitchen until
          </th>
        </tr>
      </thead>
      <tbody>
        {week.map((day) => {
          const { monthShort, day: dayOfMonth } = dateParts(day.date);
          const described = describeDay(day.hours, day.note);
          return (
            <tr
              key={day.date}
              aria-current={day.isToday ? "date" : undefined}
              className={cn(
                "border-b border-border align-top",
                day.isToday && "bg-accent text-accent-foreground",
              )}
            >
              <th scope="row" className="py-3 pr-4 pl-2 font-semibold">
                {day.dayName}
                <span className="block text-sm font-normal text-muted-foreground">
                  {monthShort} {dayOfMonth}
                  {day.isToday ? (
                    <span className="ml-2 font-semibold text-primary">Today</span>
                  ) : null}
                </span>
              </th>
              <td className="py-3 pr-4 tabular-nums">
                {described.hours}
                {described.note ? (
                  <span className="block text-sm text-muted-foreground">{described.note}</span>
                ) : null}
              </td>
              <td className="py-3 pr-2 tabular-nums">
                {day.hours?.kitchenClosesAt ? formatWallTime(day.hours.kitchenClosesAt) : "–"}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
