-- The site's public content: settings, hours, menu, specials, events and the
-- venue. Staff edit these rows; visitors read them through the site (and, with
-- the anon key, through Supabase's REST API, which is why every table has row
-- level security and the anon role sees published rows only).

create table public.site_settings (
  -- One row: the check keeps a second one out.
  id boolean primary key default true check (id),
  name text not null check (length(name) between 1 and 100),
  tagline text not null default '',
  description text not null default '',
  street_address text not null,
  locality text not null,
  region text not null,
  postal_code text not null,
  country text not null default 'CA',
  latitude numeric(9, 6) not null check (latitude between -90 and 90),
  longitude numeric(9, 6) not null check (longitude between -180 and 180),
  phone text not null,
  email text not null,
  price_range text not null default '$$',
  cuisines text[] not null default '{}',
  accepts_reservations boolean not null default true,
  reservation_url text,
  ordering_url text,
  social_links jsonb not null default '[]'::jsonb
    check (jsonb_typeof(social_links) = 'array'),
  transit_note text not null default '',
  parking_note text not null default '',
  accessibility_note text not null default '',
  updated_at timestamptz not null default now()
);

-- One row per weekday the pub opens (0 = Sunday, as extract(dow)); a weekday
-- without a row is closed. A closing time at or before the opening time is
-- after midnight: the span belongs to the day it opens.
create table public.opening_hours (
  weekday smallint primary key check (weekday between 0 and 6),
  opens_at time not null,
  closes_at time not null,
  kitchen_closes_at time,
  updated_at timestamptz not null default now()
);

-- Holidays, closures and special nights: a date or an inclusive date range.
create table public.hours_exceptions (
  id bigint generated always as identity primary key,
  starts_on date not null,
  ends_on date not null,
  closed boolean not null default false,
  opens_at time,
  closes_at time,
  kitchen_closes_at time,
  note text not null default '',
  updated_at timestamptz not null default now(),
  check (ends_on >= starts_on),
  check (closed or (opens_at is not null and closes_at is not null))
);

create index hours_exceptions_ends_on on public.hours_exceptions (ends_on);

create table public.menu_sections (
  id bigint generated always as identity primary key,
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text not null,
  description text not null default '',
  note text not null default '',
  sort_order integer not null default 0,
  published boolean not null default true,
  updated_at timestamptz not null default now()
);

create table public.menu_items (
  id bigint generated always as identity primary key,
  section_id bigint not null references public.menu_sections (id) on delete cascade,
  name text not null,
  description text not null default '',
  price_cents integer not null check (price_cents >= 0),
  -- What the price buys when it needs saying: "20 oz", "6 oz glass", "one pound".
  portion text not null default '',
  dietary_tags text[] not null default '{}' check (
    dietary_tags <@ array['vegetarian', 'vegan', 'gluten-free', 'dairy-free', 'spicy', 'contains-nuts']
  ),
  -- Health Canada's priority food allergens.
  allergens text[] not null default '{}' check (
    allergens <@ array['eggs', 'milk', 'mustard', 'peanuts', 'crustaceans', 'molluscs', 'fish',
      'sesame', 'soy', 'sulphites', 'tree-nuts', 'wheat']
  ),
  badges text[] not null default '{}' check (badges <@ array['new', 'house-favourite', 'local']),
  available boolean not null default true,
  featured boolean not null default false,
  image_path text,
  image_alt text not null default '',
  sort_order integer not null default 0,
  published boolean not null default true,
  updated_at timestamptz not null default now(),
  check (image_path is null or image_alt <> '')
);

create index menu_items_section on public.menu_items (section_id, sort_order);

-- A special runs on a weekday every week, or over a date range, or both
-- (a weekday within a range); times are optional ("from 3 pm to 6 pm").
create table public.specials (
  id bigint generated always as identity primary key,
  title text not null,
  description text not null default '',
  price_cents integer check (price_cents >= 0),
  weekday smallint check (weekday between 0 and 6),
  starts_on date,
  ends_on date,
  starts_at time,
  ends_at time,
  sort_order integer not null default 0,
  published boolean not null default true,
  updated_at timestamptz not null default now(),
  check (weekday is not null or starts_on is not null),
  check (ends_on is null or (starts_on is not null and ends_on >= starts_on))
);

create table public.events (
  id bigint generated always as identity primary key,
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  title text not null,
  summary text not null default '',
  description text not null default '',
  starts_at timestamptz not null,
  ends_at timestamptz,
  status text not null default 'scheduled' check (status in ('scheduled', 'cancelled', 'sold-out')),
  price_cents integer check (price_cents >= 0),
  image_path text,
  image_alt text not null default '',
  published boolean not null default true,
  updated_at timestamptz not null default now(),
  check (ends_at is null or ends_at > starts_at),
  check (image_path is null or image_alt <> '')
);

create index events_starts_at on public.events (starts_at);

create table public.venue_spaces (
  id bigint generated always as identity primary key,
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text not null,
  summary text not null default '',
  description text not null default '',
  seated_capacity integer not null check (seated_capacity >= 0),
  standing_capacity integer not null check (standing_capacity >= 0),
  features text[] not null default '{}',
  step_free boolean not null default false,
  accessibility_note text not null default '',
  -- [{ "path": "rooms/the-snug.svg", "alt": "…" }, …]
  photos jsonb not null default '[]'::jsonb check (jsonb_typeof(photos) = 'array'),
  sort_order integer not null default 0,
  published boolean not null default true,
  updated_at timestamptz not null default now()
);

create table public.venue_packages (
  id bigint generated always as identity primary key,
  name text not null,
  description text not null default '',
  price_cents integer not null check (price_cents >= 0),
  price_unit text not null default 'per-guest' check (price_unit in ('per-guest', 'flat')),
  minimum_guests integer check (minimum_guests > 0),
  includes text[] not null default '{}',
  sort_order integer not null default 0,
  published boolean not null default true,
  updated_at timestamptz not null default now()
);

-- Row level security on every table. Supabase grants the API roles table
-- privileges by default; these policies are what limit them: read-only, and
-- only what is published. The server's own connection owns the tables.
alter table public.site_settings enable row level security;
alter table public.opening_hours enable row level security;
alter table public.hours_exceptions enable row level security;
alter table public.menu_sections enable row level security;
alter table public.menu_items enable row level security;
alter table public.specials enable row level security;
alter table public.events enable row level security;
alter table public.venue_spaces enable row level security;
alter table public.venue_packages enable row level security;

create policy "Anyone can read the site settings" on public.site_settings
  for select to anon, authenticated using (true);
create policy "Anyone can read the opening hours" on public.opening_hours
  for select to anon, authenticated using (true);
create policy "Anyone can read the hours exceptions" on public.hours_exceptions
  for select to anon, authenticated using (true);
create policy "Anyone can read published menu sections" on public.menu_sections
  for select to anon, authenticated using (published);
-- An item shows only when it and its section are both published.
create policy "Anyone can read published menu items" on public.menu_items
  for select to anon, authenticated using (
    published and exists (
      select 1 from public.menu_sections s where s.id = section_id and s.published
    )
  );
create policy "Anyone can read published specials" on public.specials
  for select to anon, authenticated using (published);
create policy "Anyone can read published events" on public.events
  for select to anon, authenticated using (published);
create policy "Anyone can read published venue spaces" on public.venue_spaces
  for select to anon, authenticated using (published);
create policy "Anyone can read published venue packages" on public.venue_packages
  for select to anon, authenticated using (published);
