import { SearchIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { controlClass } from "~/platform/forms/form-fields";
import { cn } from "~/platform/cn";
import { Button } from "./button";

/**
 * The search above a staff list: a GET form, so it works without scripts and
 * its address can be kept; on a phone the field takes the width and the
 * button goes below it. `keep` holds the list's other choices (a state
 * shown), which a search leaves as they are.
 */
export function ListSearch({
  id,
  label,
  defaultValue,
  maxLength,
  placeholder,
  keep,
  className,
}: {
  id: string;
  label: string;
  defaultValue: string;
  maxLength: number;
  placeholder: string;
  keep?: ReactNode;
  className?: string;
}) {
  return (
    <Form method="get" role="search" className={cn("flex flex-wrap items-end gap-3", className)}>
      {keep}
      <div className="min-w-0 flex-1 basis-64">
        <label htmlFor={id} className="block text-lg font-semibold">
          {label}
        </label>
        <input
          id={id}
          type="search"
          name="q"
          defaultValue={defaultValue}
          maxLength={maxLength}
          placeholder={placeholder}
          className={controlClass(undefined)}
        />
      </div>
      <Button type="submit" className="w-full sm:w-auto">
        <SearchIcon aria-hidden="true" />
        Search
      </Button>
    </Form>
  );
}
