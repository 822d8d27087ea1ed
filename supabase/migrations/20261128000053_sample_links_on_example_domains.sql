-- The sample content once linked its social buttons to instagram.com/example
-- and facebook.com/example: real accounts of somebody else. A database that
-- still holds exactly those sample links gets the ones the seed writes now, on
-- a domain reserved for examples; links staff have changed are left alone.

update public.site_settings
set social_links = '[{"network":"instagram.example.com","url":"https://instagram.example.com/thesquire"},{"network":"facebook.example.com","url":"https://facebook.example.com/thesquire"}]'::jsonb,
  updated_at = now()
where social_links = '[{"network":"instagram","url":"https://www.instagram.com/example"},{"network":"facebook","url":"https://www.facebook.com/example"}]'::jsonb;
