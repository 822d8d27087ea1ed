-- Local databases only (PGlite, a plain PostgreSQL): the part of Supabase
-- Auth's `auth` schema that the embedded sign-in service and the migrations
-- use. A Supabase project has its own `auth` schema (and refuses `create
-- schema auth`), so this file never runs there; it is not a migration.
--
-- Column names follow Supabase's, so staff made here can be moved to a
-- Supabase project with their bcrypt password hashes (docs/staff-accounts.md,
-- "Moving embedded staff to Supabase").
create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;

create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create table if not exists auth.users (
  id uuid primary key default gen_random_uuid(),
  aud text not null default 'authenticated',
  role text not null default 'authenticated',
  email text not null,
  encrypted_password text not null,
  email_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{"provider":"email","providers":["email"]}',
  raw_user_meta_data jsonb not null default '{}',
  banned_until timestamptz,
  is_anonymous boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index if not exists users_email_key on auth.users (lower(email));

create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  aal text not null default 'aal1',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  not_after timestamptz
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

-- Refresh tokens are stored as SHA-256 hashes: a copy of this table signs
-- nobody in. Each refresh revokes the token it used and issues its child.
create table if not exists auth.refresh_tokens (
  id bigint generated always as identity primary key,
  token_hash text not null unique,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  parent_hash text,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);

-- The ES256 key the embedded service signs access tokens with: one row, kept
-- in the database so every instance on it signs and verifies with the same
-- key, and sessions outlive a restart or a new machine.
create table if not exists auth.signing_keys (
  id boolean primary key default true check (id),
  private_jwk jsonb not null,
  created_at timestamptz not null default now()
);

-- One-time tokens the embedded service mails (a password recovery link), as
-- Supabase's table of that name: stored as SHA-256 hashes of the link's
-- `token_hash`, one a user and kind (a new one replaces the last), used once.
create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null check (token_type in ('recovery_token')),
  token_hash text not null unique,
  relates_to text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, token_type)
);

-- Nobody but the server's own connection reads or writes these tables.
revoke all on auth.users, auth.sessions, auth.refresh_tokens, auth.signing_keys,
  auth.one_time_tokens
  from anon, authenticated, service_role;

-- What Supabase's helpers return: the verified claims of the request, set by
-- the server with `set_config('request.jwt.claims', …, true)` in a transaction.
create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

grant execute on function auth.jwt(), auth.uid(), auth.role() to anon, authenticated, service_role;
