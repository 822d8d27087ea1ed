-- Who has joined the staff: an invited member is on the list from the moment
-- an owner invites them, but joins when they set their password (the
-- invitation's link, a reset link, or "Forgot your password?"). Until then
-- the staff list says "Invited, not joined yet" and offers the link again.
alter table public.staff add column joined_at timestamptz;

-- Everyone on the list already has joined, except those invited whose every
-- link is still unused (a member with no link was added with a password).
update public.staff s
set joined_at = coalesce(
  (select max(c.used_at) from public.staff_setup_codes c where c.user_id = s.user_id),
  case
    when exists (select from public.staff_setup_codes c where c.user_id = s.user_id) then null
    else s.added_at
  end
);

-- A member's one-time link is an invitation (set a password to join) or a
-- reset (set a new one), made by an owner or `staff-reset`. The first
-- owner's setup codes belong to nobody yet and have neither.
alter table public.staff_setup_codes
  add column purpose text check (purpose in ('invitation', 'reset'));
update public.staff_setup_codes set purpose = 'invitation' where user_id is not null;
alter table public.staff_setup_codes
  add constraint staff_setup_codes_purpose_of_members
  check ((user_id is null) = (purpose is null));
