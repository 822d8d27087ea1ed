-- Enquiries visitors send from the contact and venue forms, and what the
-- server needs to guard those forms. Only the server reads and writes these
-- tables: row level security is on with no policy for the API roles, and
-- their privileges are revoked as well, so the public anon key can neither
-- read an enquiry nor add one through Supabase's REST API.

create table public.enquiries (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('contact', 'venue')),
  -- The hidden token of the form that sent it. A double submit or a replayed
  -- post finds its row already here and stores nothing new.
  submission_token uuid not null unique,
  -- A digest of what was sent, to tell a replay of the same post from a
  -- different post that carries the same token.
  fingerprint text not null check (fingerprint ~ '^[0-9a-f]{64}$'),
  name text not null check (char_length(name) between 1 and 100),
  email text not null check (char_length(email) between 3 and 254),
  -- E.164, "+15195550134".
  phone text check (phone ~ '^\+1[2-9][0-9]{2}[2-9][0-9]{6}$'),
  message text not null check (char_length(message) between 10 and 5000),
  topic text check (
    topic in ('general', 'feedback', 'lost-and-found', 'accessibility', 'media')
  ),
  venue_space_id bigint references public.venue_spaces (id) on delete set null,
  -- The space as it was named when asked for; the space's row may change later.
  venue_space_name text,
  event_date date,
  start_time time,
  party_size integer check (party_size between 1 and 10000),
  -- CASL: an express opt-in to the newsletter, when and to what wording.
  newsletter_opted_in_at timestamptz,
  newsletter_wording text check (char_length(newsletter_wording) <= 500),
  created_at timestamptz not null default now(),
  check ((newsletter_opted_in_at is null) = (newsletter_wording is null)),
  check (
    case kind
      when 'contact' then topic is not null and venue_space_name is null
        and event_date is null and start_time is null and party_size is null
      when 'venue' then topic is null and venue_space_name is not null
        and event_date is not null and start_time is not null and party_size is not null
    end
  )
);

-- The retention purge deletes by age.
create index enquiries_created_at_idx on public.enquiries (created_at);

-- Form submissions counted per fixed window, per hashed client address and per
-- hashed email address. In the database, so the limits hold across instances.
create table public.form_rate_limits (
  bucket text not null check (char_length(bucket) <= 100),
  window_start timestamptz not null,
  hits integer not null default 0 check (hits >= 0),
  primary key (bucket, window_start)
);

-- Keys the server makes for itself (the one that hashes client addresses).
create table public.server_secrets (
  name text primary key,
  value text not null check (char_length(value) >= 32),
  created_at timestamptz not null default now()
);

alter table public.enquiries enable row level security;
alter table public.form_rate_limits enable row level security;
alter table public.server_secrets enable row level security;

revoke all on public.enquiries, public.form_rate_limits, public.server_secrets
  from anon, authenticated;
revoke all on sequence public.enquiries_id_seq from anon, authenticated;
