-- Every instance of the site learns at once that the content changed: the
-- revision's trigger also says so on the `content_revision` channel, with
-- the new revision as its payload. Each server listens (LISTEN) and passes
-- it on to the pages open on it (GET /live). A notification is sent when
-- the transaction commits, and not at all when it rolls back.

create or replace function public.bump_content_revision() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  moved_to bigint;
begin
  update public.content_revision
    set revision = revision + 1, changed_at = now()
    where id
    returning revision into moved_to;
  perform pg_notify('content_revision', moved_to::text);
  return null;
end
$$;

revoke all on function public.bump_content_revision() from public, anon, authenticated;
