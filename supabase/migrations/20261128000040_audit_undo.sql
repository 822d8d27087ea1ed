-- The log of changes says what changed, and owners may undo a change.
--
-- A save that changed nothing (the same values written again, only
-- updated_at moved) is no change: the trigger no longer records it.
--
-- An undo is itself a change, recorded like any other, and says which change
-- it undid: the server sets `app.undoing` to that change's id for the one
-- transaction that undoes it. The setting only names what a change undid;
-- row level security still decides whether the change may be made at all.
alter table public.audit_log
  add column undoes bigint references public.audit_log (id) on delete set null;

create index audit_log_undoes_idx on public.audit_log (undoes) where undoes is not null;

create or replace function public.record_audit() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  old_row jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  new_row jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  kept text[] := tg_argv::text[];
  undoing text := current_setting('app.undoing', true);
begin
  if tg_nargs > 0 then
    old_row := (select jsonb_object_agg(key, value) from jsonb_each(old_row) where key = any (kept));
    new_row := (select jsonb_object_agg(key, value) from jsonb_each(new_row) where key = any (kept));
  end if;
  if tg_op = 'UPDATE' and (old_row - 'updated_at') = (new_row - 'updated_at') then
    return null;
  end if;
  insert into public.audit_log (actor, table_name, operation, old_row, new_row, undoes)
  values (
    (select auth.uid()), tg_table_name, tg_op, old_row, new_row,
    case when undoing ~ '^[1-9][0-9]{0,17}$' then undoing::bigint end
  );
  return null;
end
$$;

revoke all on function public.record_audit() from public, anon, authenticated;
