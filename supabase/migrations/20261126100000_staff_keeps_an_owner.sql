-- The staff list keeps an owner: whoever changes it (the site, a script, the
-- SQL editor), a change that would leave staff but no owner is refused, as
-- the site's own checks refuse it. Checked at the end of the transaction, so
-- one that promotes a new owner and demotes the old one together goes
-- through. An empty list stays possible: a server with nobody on it offers
-- the first owner's setup link again, and so does a list with no owner that
-- the change did not make (taking an editor off it is always allowed: only
-- a change to an owner's row is held to the rule). Security definer: the whole list is
-- counted, whatever rows the role making the change may see.
create function public.staff_keeps_an_owner() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.role = 'owner' and exists (select from public.staff) and not exists (
    select from public.staff where role = 'owner'
  ) then
    raise exception 'The staff list must keep at least one owner.'
      using errcode = 'check_violation', constraint = 'staff_keeps_an_owner';
  end if;
  return null;
end;
$$;

revoke all on function public.staff_keeps_an_owner() from public, anon, authenticated;

create constraint trigger staff_keeps_an_owner
  after update of role or delete on public.staff
  deferrable initially deferred
  for each row execute function public.staff_keeps_an_owner();
