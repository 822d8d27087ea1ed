-- What the API roles may do: exactly what the site's policies need, and
-- nothing else.
--
-- Supabase grants anon and authenticated every privilege on each new table,
-- sequence and function in public (supabase/local/roles.sql does the same for
-- local databases), and the migrations before this one took back only part of
-- it. Row level security limits the rows a statement touches, not the
-- statements a role may run: TRUNCATE and MAINTAIN (PostgreSQL 17: vacuum,
-- analyze, lock the table) go past every policy, and UPDATE on a sequence
-- lets a role move it under the rows that use it. So everything is taken
-- back, and what is needed granted again.
--
-- Grants and revokes only, each idempotent, so the file applies the same on
-- a Supabase project, a plain PostgreSQL and the embedded database.

revoke all on all tables in schema public from anon, authenticated;
revoke all on all sequences in schema public from anon, authenticated;
revoke all on all functions in schema public from public, anon, authenticated;

-- Anyone reads the content, its revision and the pictures; the policies show
-- the anon role what is published only.
grant select on
  public.site_settings, public.opening_hours, public.hours_exceptions,
  public.menu_sections, public.menu_items, public.specials, public.events,
  public.venue_spaces, public.venue_packages, public.content_revision, public.pictures
  to anon, authenticated;

-- Staff write as `authenticated`; the policies check that the user is staff
-- (is_staff(), is_owner()) and what they may change.
grant insert, update, delete on
  public.site_settings, public.opening_hours, public.hours_exceptions,
  public.menu_sections, public.menu_items, public.specials, public.events,
  public.venue_spaces, public.venue_packages
  to authenticated;
-- Pictures are only ever added.
grant insert on public.pictures to authenticated;
-- Owners add and remove staff and change their role, nothing else about them.
grant select, insert, delete on public.staff to authenticated;
grant update (role) on public.staff to authenticated;
-- The log is written by the audit trigger (as its owner); staff read it.
grant select on public.audit_log to authenticated;
-- The server stores enquiries; staff read them and mark them handled.
grant select on public.enquiries to authenticated;
grant update (handled_at, handled_by) on public.enquiries to authenticated;
-- form_rate_limits, server_secrets and staff_setup_codes: nothing.

-- No sequence: an insert fills an identity column without any privilege on
-- its sequence.

-- What the staff policies ask. The anon role's policies ask nothing, and the
-- trigger functions run whoever fires them.
grant execute on function public.is_staff(), public.is_owner() to authenticated;

-- A table, sequence or function made later starts with nothing for the API
-- roles; its migration grants what it needs. Executing functions is granted
-- to everyone by a default of Postgres itself, not of a schema, so only the
-- default for every schema takes it back. These are the defaults of the role
-- that runs the migrations, which owns the site's objects.
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
alter default privileges in schema public revoke all on functions from anon, authenticated;
alter default privileges revoke execute on functions from public;
