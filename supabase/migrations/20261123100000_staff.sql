-- The staff area: who the staff are, what they may do to the content and the
-- enquiries, and a log of every change.
--
-- Staff sign in with Supabase Auth (auth.users). The server runs a staff
-- member's writes as the `authenticated` role with their verified claims
-- (`request.jwt.claims`, read by auth.uid()), so the policies below decide
-- what each of them may do; the server's own connection owns the tables and
-- is not limited by them. A Supabase project has the auth schema already;
-- local databases get theirs from supabase/local/auth.sql.

-- Staff: a row per user who may use the staff area. Owners manage the staff;
-- editors edit the content and handle enquiries.
create table public.staff (
  user_id uuid primary key references auth.users (id) on delete cascade,
  email text not null check (char_length(email) between 3 and 254),
  role text not null check (role in ('owner', 'editor')),
  added_at timestamptz not null default now(),
  -- Null when the server added them (the first owner, with a setup code).
  added_by uuid references auth.users (id) on delete set null
);

-- Whether the signed-in user (auth.uid(), from the request's verified claims)
-- is staff, or an owner. Security definer, so the policies that call them can
-- read public.staff without the staff table's own policies calling them back.
create function public.is_staff() returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.staff where user_id = (select auth.uid()))
$$;

create function public.is_owner() returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.staff where user_id = (select auth.uid()) and role = 'owner'
  )
$$;

revoke all on function public.is_staff(), public.is_owner() from public;
grant execute on function public.is_staff(), public.is_owner() to anon, authenticated, service_role;

alter table public.staff enable row level security;
revoke all on public.staff from anon, authenticated;
grant select, insert, update, delete on public.staff to authenticated;

create policy "Staff can read the staff list" on public.staff
  for select to authenticated using ((select public.is_staff()));
create policy "Owners can add staff" on public.staff
  for insert to authenticated with check ((select public.is_owner()));
create policy "Owners can change staff roles" on public.staff
  for update to authenticated
  using ((select public.is_owner())) with check ((select public.is_owner()));
create policy "Owners can remove staff" on public.staff
  for delete to authenticated using ((select public.is_owner()));

-- Every change to the content and the staff, and staff handling enquiries:
-- who (null for the server's own writes), when, and the row before and after.
create table public.audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor uuid,
  table_name text not null,
  operation text not null check (operation in ('INSERT', 'UPDATE', 'DELETE')),
  old_row jsonb,
  new_row jsonb
);

create index audit_log_at_idx on public.audit_log (at);
create index audit_log_table_idx on public.audit_log (table_name, at);

alter table public.audit_log enable row level security;
revoke all on public.audit_log from anon, authenticated;
revoke all on sequence public.audit_log_id_seq from anon, authenticated;
-- Rows are written by the trigger below only; staff may read them.
grant select on public.audit_log to authenticated;

create policy "Staff can read the audit log" on public.audit_log
  for select to authenticated using ((select public.is_staff()));

-- The row trigger that writes the log. Its arguments, when given, name the
-- only columns to keep of each row: the enquiries' log keeps their handling,
-- not a copy of the visitor's details that would outlive the retention purge.
create function public.record_audit() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  old_row jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  new_row jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  kept text[] := tg_argv::text[];
begin
  if tg_nargs > 0 then
    old_row := (select jsonb_object_agg(key, value) from jsonb_each(old_row) where key = any (kept));
    new_row := (select jsonb_object_agg(key, value) from jsonb_each(new_row) where key = any (kept));
  end if;
  insert into public.audit_log (actor, table_name, operation, old_row, new_row)
  values ((select auth.uid()), tg_table_name, tg_op, old_row, new_row);
  return null;
end
$$;

revoke all on function public.record_audit() from public, anon, authenticated;

create trigger audit after insert or update or delete on public.site_settings
  for each row execute function public.record_audit();
create trigger audit after insert or update or delete on public.opening_hours
  for each row execute function public.record_audit();
create trigger audit after insert or update or delete on public.hours_exceptions
  for each row execute function public.record_audit();
create trigger audit after insert or update or delete on public.menu_sections
  for each row execute function public.record_audit();
create trigger audit after insert or update or delete on public.menu_items
  for each row execute function public.record_audit();
create trigger audit after insert or update or delete on public.specials
  for each row execute function public.record_audit();
create trigger audit after insert or update or delete on public.events
  for each row execute function public.record_audit();
create trigger audit after insert or update or delete on public.venue_spaces
  for each row execute function public.record_audit();
create trigger audit after insert or update or delete on public.venue_packages
  for each row execute function public.record_audit();
create trigger audit after insert or update or delete on public.staff
  for each row execute function public.record_audit();
create trigger audit after update on public.enquiries
  for each row execute function public.record_audit('id', 'kind', 'handled_at', 'handled_by');

-- Enquiries: staff read them and mark them handled (or not yet). Nothing else
-- about an enquiry can be changed through a role; anon still has nothing, and
-- a signed-in user who is not staff sees no row.
alter table public.enquiries
  add column handled_at timestamptz,
  add column handled_by uuid;

create index enquiries_handled_at_idx on public.enquiries (handled_at);

grant select on public.enquiries to authenticated;
grant update (handled_at, handled_by) on public.enquiries to authenticated;

create policy "Staff can read enquiries" on public.enquiries
  for select to authenticated using ((select public.is_staff()));
-- Marked handled by the one marking it, or cleared.
create policy "Staff can mark enquiries handled" on public.enquiries
  for update to authenticated
  using ((select public.is_staff()))
  with check (
    (select public.is_staff()) and (handled_by is null or handled_by = (select auth.uid()))
  );

-- The content: staff read every row, published or not, and write them. The
-- anon role keeps its read-only, published-only policies. Settings, hours and
-- hours exceptions are readable by everyone already.
grant select, insert, update, delete on
  public.site_settings, public.opening_hours, public.hours_exceptions,
  public.menu_sections, public.menu_items, public.specials, public.events,
  public.venue_spaces, public.venue_packages
  to authenticated;
-- Emptying a table skips row level security: no API role may.
revoke truncate, references, trigger on
  public.site_settings, public.opening_hours, public.hours_exceptions,
  public.menu_sections, public.menu_items, public.specials, public.events,
  public.venue_spaces, public.venue_packages
  from anon, authenticated;

create policy "Staff can read every menu section" on public.menu_sections
  for select to authenticated using ((select public.is_staff()));
create policy "Staff can read every menu item" on public.menu_items
  for select to authenticated using ((select public.is_staff()));
create policy "Staff can read every special" on public.specials
  for select to authenticated using ((select public.is_staff()));
create policy "Staff can read every event" on public.events
  for select to authenticated using ((select public.is_staff()));
create policy "Staff can read every venue space" on public.venue_spaces
  for select to authenticated using ((select public.is_staff()));
create policy "Staff can read every venue package" on public.venue_packages
  for select to authenticated using ((select public.is_staff()));

do $$
declare
  content_table text;
begin
  foreach content_table in array array[
    'site_settings', 'opening_hours', 'hours_exceptions', 'menu_sections', 'menu_items',
    'specials', 'events', 'venue_spaces', 'venue_packages'
  ] loop
    execute format(
      'create policy "Staff can add %1$s" on public.%1$I
         for insert to authenticated with check ((select public.is_staff()))',
      content_table);
    execute format(
      'create policy "Staff can change %1$s" on public.%1$I
         for update to authenticated
         using ((select public.is_staff())) with check ((select public.is_staff()))',
      content_table);
    execute format(
      'create policy "Staff can delete %1$s" on public.%1$I
         for delete to authenticated using ((select public.is_staff()))',
      content_table);
  end loop;
end
$$;

-- One-time codes that let the first owner in while there are no staff. Only
-- the server's own connection uses them: no policy, no privileges for the API
-- roles. Stored as SHA-256 hashes.
create table public.staff_setup_codes (
  code_hash text primary key check (code_hash ~ '^[0-9a-f]{64}$'),
  expires_at timestamptz not null,
  used_at timestamptz
);

alter table public.staff_setup_codes enable row level security;
revoke all on public.staff_setup_codes from anon, authenticated;
