-- The content's revision: one number that moves with every change to what
-- visitors read. Each instance of the site checks it before serving content
-- from its cache and drops the cache when it has moved, so an edit shows on
-- every instance within seconds without the instances talking to each other.

create table public.content_revision (
  -- One row: the check keeps a second one out.
  id boolean primary key default true check (id),
  revision bigint not null default 1,
  changed_at timestamptz not null default now()
);

insert into public.content_revision (id) values (true);

alter table public.content_revision enable row level security;
revoke all on public.content_revision from anon, authenticated;
-- Anyone may read the number (it says only that something changed, and when).
grant select on public.content_revision to anon, authenticated;
create policy "Anyone can read the content revision" on public.content_revision
  for select to anon, authenticated using (true);

-- Moves the revision on once per statement that changes a content table.
-- Security definer: staff write the content as `authenticated`, which may
-- not write the revision itself.
create function public.bump_content_revision() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update public.content_revision
    set revision = revision + 1, changed_at = now()
    where id;
  return null;
end
$$;

revoke all on function public.bump_content_revision() from public, anon, authenticated;

do $$
declare
  content_table text;
begin
  foreach content_table in array array[
    'site_settings', 'opening_hours', 'hours_exceptions', 'menu_sections', 'menu_items',
    'specials', 'events', 'venue_spaces', 'venue_packages'
  ] loop
    execute format(
      'create trigger bump_content_revision
         after insert or update or delete or truncate on public.%I
         for each statement execute function public.bump_content_revision()',
      content_table
    );
  end loop;
end
$$;
