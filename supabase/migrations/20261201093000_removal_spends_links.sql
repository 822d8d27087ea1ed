-- Taking someone off the staff list spends every link made for them (an
-- invitation, an owner's reset link): if they are put on the list again, a
-- link from before does not let them in, whoever removed them and however
-- (the site, a script, the SQL editor). Security definer:
-- the owner who removes them may not write the links themselves.
create function public.staff_removal_spends_links() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.staff_setup_codes set used_at = now()
  where user_id = old.user_id and used_at is null;
  return null;
end;
$$;

revoke all on function public.staff_removal_spends_links() from public, anon, authenticated;

create trigger staff_removal_spends_links
  after delete on public.staff
  for each row execute function public.staff_removal_spends_links();
