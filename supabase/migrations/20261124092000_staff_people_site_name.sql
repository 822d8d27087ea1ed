-- Owners manage the staff from the staff area: invitations, roles, removal.
--
-- An invitation is a setup code tied to the invited user: whoever has the
-- link sets that user's password once, before it expires. The first owner's
-- codes stay as they were, with no user.
alter table public.staff_setup_codes
  add column user_id uuid references auth.users (id) on delete cascade;

create index staff_setup_codes_user_id_idx on public.staff_setup_codes (user_id);

-- Owners change a member's role, nothing else about the row: the user, the
-- email and who added them stay as they were made.
revoke update on public.staff from authenticated;
grant update (role) on public.staff to authenticated;

-- An owner adds staff in their own name.
drop policy "Owners can add staff" on public.staff;
create policy "Owners can add staff" on public.staff
  for insert to authenticated
  with check ((select public.is_owner()) and added_by = (select auth.uid()));

-- The site's name comes from one place, this row: the short name (the
-- header's wordmark, the installed app's label) joins the name, tagline and
-- description. Empty means "the name".
alter table public.site_settings
  add column short_name text not null default '' check (length(short_name) <= 40);

-- The row as seeded had its short name in the code until now.
update public.site_settings set short_name = 'The Squire'
  where name = 'The Squire Pub & Grill' and short_name = '';
