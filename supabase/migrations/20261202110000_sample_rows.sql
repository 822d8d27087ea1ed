-- The sample, set aside honestly: every row of the invented content a fresh
-- install starts with is marked `sample` until staff save it from its form
-- (changed, or kept as it is) or remove it. Staff lists show the mark, the
-- staff home counts what is left, and each area can start with a clean slate
-- (its sample rows removed in one step). The seed marks its rows; so does
-- this migration, for a site seeded before it: the rows it wrote are the ones
-- with no entry in the log at all (the seed removes its own entries, and
-- every row staff add or change has one).

do $$
declare
  content_table text;
begin
  foreach content_table in array array[
    'menu_sections', 'menu_items', 'specials', 'events', 'venue_spaces', 'venue_packages',
    'questions'
  ] loop
    execute format(
      'alter table public.%1$I add column sample boolean not null default false', content_table);
    execute format(
      'update public.%1$I t set sample = true
       where not exists (
         select 1 from public.audit_log a
         where a.table_name = %1$L
           and (a.new_row->>''id'' = t.id::text or a.old_row->>''id'' = t.id::text))',
      content_table);
  end loop;
end
$$;

-- Marking them is not a change anyone made.
delete from public.audit_log where at = now();
