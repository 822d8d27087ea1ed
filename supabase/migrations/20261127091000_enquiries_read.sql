-- Whether anyone at the pub has opened an enquiry yet: the staff area counts
-- the unread ones in its navigation and marks them in the inbox. Read for
-- the pub, not for each staff member: the inbox is shared, and one manager
-- opening an enquiry is the pub having seen it.
alter table public.enquiries add column read_at timestamptz;

-- Enquiries handled before this were read by whoever handled them. The rest
-- stay unread until someone opens them.
update public.enquiries set read_at = handled_at where handled_at is not null;

-- Handling an enquiry reads it: a handled one is never unread, whoever or
-- whatever marks it handled. (It also keeps marking one read within the
-- update policy, whose check names the staff member who handled it: an
-- unread enquiry is never handled by someone else.)
create function public.enquiry_handled_is_read() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.handled_at is not null and new.read_at is null then
    new.read_at := new.handled_at;
  end if;
  return new;
end
$$;

revoke all on function public.enquiry_handled_is_read() from public, anon, authenticated;

create trigger handled_is_read before insert or update on public.enquiries
  for each row execute function public.enquiry_handled_is_read();

create index enquiries_unread_idx on public.enquiries (created_at) where read_at is null;

-- Staff mark enquiries read as they open them, under the update policy
-- that lets them mark one handled.
grant update (read_at) on public.enquiries to authenticated;

-- Opening an enquiry is no change worth a line in the log of changes: the
-- log keeps handling only, as before.
drop trigger audit on public.enquiries;
create trigger audit after update on public.enquiries
  for each row
  when (old.handled_at is distinct from new.handled_at or old.handled_by is distinct from new.handled_by)
  execute function public.record_audit('id', 'kind', 'handled_at', 'handled_by');
