-- Local databases only (PGlite, a plain PostgreSQL): create the roles a
-- Supabase project has, with the same default privileges, so the migrations'
-- row level security policies apply here exactly as they do in production.
-- A Supabase project already has these roles, and this file changes nothing
-- there; it is not a migration and `supabase db push` never sees it.
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;

grant usage on schema public to anon, authenticated, service_role;

-- Supabase sets these defaults once, when a project is made, and migrations
-- may take them back. This script runs at every start, so it sets them only
-- in a database no migration has run in yet: setting them again would give
-- the API roles everything on the tables later migrations make.
do $$
begin
  if to_regclass('supabase_migrations.schema_migrations') is not null then
    if exists (select from supabase_migrations.schema_migrations) then
      return;
    end if;
  end if;
  alter default privileges in schema public
    grant all on tables to anon, authenticated, service_role;
  alter default privileges in schema public
    grant all on sequences to anon, authenticated, service_role;
  alter default privileges in schema public
    grant all on functions to anon, authenticated, service_role;
end
$$;
