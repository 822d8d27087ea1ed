-- The home page's main picture, chosen by staff like the other pictures: a
-- path under the image folder (or an upload) and the words that describe it.

alter table public.site_settings
  add column hero_image_path text default 'hero/taproom.svg',
  add column hero_image_alt text not null
    default 'The taproom at dusk: a long wooden bar with a row of beer taps under warm pendant lamps',
  add constraint site_settings_hero_alt check (hero_image_path is null or hero_image_alt <> '');
