-- A save that is one step for staff is one change in the log, however many
-- rows it writes: starting an area with a clean slate, saving a menu from a
-- spreadsheet, changing a section's prices. The server names such a step for
-- its transaction (`app.change`, set with set_config for that transaction
-- only); every row the audit trigger logs in it carries that name and the
-- transaction's id, and the recent changes list them, and undo them, as one.
-- Rows logged without a name are a change each, as before.

alter table public.audit_log
  add column xact xid8 not null default pg_current_xact_id(),
  add column note text;

-- The rows logged before were each a change of their own: none has a name.
create index audit_log_named_xact_idx on public.audit_log (xact) where note is not null;

create or replace function public.record_audit() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  old_row jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  new_row jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  kept text[] := tg_argv::text[];
  undoing text := current_setting('app.undoing', true);
  named text := nullif(left(current_setting('app.change', true), 300), '');
begin
  if tg_nargs > 0 then
    old_row := (select jsonb_object_agg(key, value) from jsonb_each(old_row) where key = any (kept));
    new_row := (select jsonb_object_agg(key, value) from jsonb_each(new_row) where key = any (kept));
  end if;
  if tg_op = 'UPDATE' and (old_row - 'updated_at') = (new_row - 'updated_at') then
    return null;
  end if;
  insert into public.audit_log (actor, table_name, operation, old_row, new_row, undoes, note)
  values (
    (select auth.uid()), tg_table_name, tg_op, old_row, new_row,
    case when undoing ~ '^[1-9][0-9]{0,17}$' then undoing::bigint end,
    named
  );
  return null;
end
$$;

revoke all on function public.record_audit() from public, anon, authenticated;
