-- The bytes of uploaded pictures, for a site on PostgreSQL without Supabase
-- (DATABASE_URL set, SUPABASE_URL not): kept in the database every instance
-- shares, so a picture uploaded through one is served by all. With Supabase
-- the bytes are in its Storage bucket `pictures`, and with the embedded
-- database in DATA_DIR/uploads; this table then stays empty.
--
-- Only the server's own connection, which owns the table, reads and writes
-- it. Row level security is on with no policy, and the API roles hold no
-- privilege, so Supabase's REST API can neither read nor write it with any
-- key but the secret one. No audit trigger: the log would hold a copy of
-- every picture; the `pictures` row it goes with is logged.
create table public.picture_bytes (
  path text primary key check (path ~ '^uploads/[0-9a-f]{16}\.(jpg|png|webp|avif)$'),
  content_type text not null
    check (content_type in ('image/jpeg', 'image/png', 'image/webp', 'image/avif')),
  bytes bytea not null check (octet_length(bytes) between 1 and 10485760),
  -- When the bytes were stored, moved on when the same picture is stored
  -- again: the sweep of unused pictures only takes ones stored long ago.
  created_at timestamptz not null default now()
);

alter table public.picture_bytes enable row level security;
revoke all on public.picture_bytes from anon, authenticated;
