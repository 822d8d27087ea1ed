-- One save, one update: the revision moves once per transaction that changes
-- the content, not once per statement. A save that writes many rows in
-- several statements (the week's hours, a reordered menu) moved it, and
-- notified every open page, once for each statement; each page then read its
-- data again as many times. The row remembers the transaction that last
-- moved it; a later statement of the same transaction leaves it, and sends
-- no second notification. Readers see the new revision only once the
-- transaction commits, with all of its changes.

alter table public.content_revision add column moved_in xid8;

create or replace function public.bump_content_revision() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  moved_to bigint;
begin
  update public.content_revision
    set revision = revision + 1, changed_at = now(), moved_in = pg_current_xact_id()
    where id and moved_in is distinct from pg_current_xact_id()
    returning revision into moved_to;
  if found then
    perform pg_notify('content_revision', moved_to::text);
  end if;
  return null;
end
$$;

revoke all on function public.bump_content_revision() from public, anon, authenticated;
