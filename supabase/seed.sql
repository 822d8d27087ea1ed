-- Sample content for a fresh install.
--
-- Everything below is INVENTED: the pub, its menu, prices, events, rooms and
-- contact details are examples that show what the site can do. Staff replace
-- them with the real thing. The phone number is in the 555-01xx range kept
-- for fiction, the email uses the reserved .example domain, the address is an
-- intersection rather than a door number, and every link points at a domain
-- reserved for examples (example.com), never at a real business's account.
-- The staff home lists what is still sample until staff change it: its copy
-- of these values is app/staff/sample-content.ts, held to this file by its test.
--
-- Dates (holiday hours, events, a December special) are computed from
-- current_date, so a database seeded on any day gets upcoming content.
--
-- Plain SQL only: the loader runs this file in one transaction, through both
-- PGlite and a Postgres server, so no begin/commit and no psql commands.

-- Site settings ---------------------------------------------------------------

insert into public.site_settings (
  name, short_name, tagline, description,
  street_address, locality, region, postal_code, country,
  latitude, longitude,
  phone, email,
  price_range, cuisines,
  accepts_reservations, reservation_url, ordering_url,
  social_links,
  transit_note, parking_note, accessibility_note
) values (
  'The Squire Pub & Grill',
  'The Squire',
  'Pub & Grill',
  'Downtown London, Ontario''s premier pub and grill',
  -- Sample: a made-up civic number and postal code on downtown London's main
  -- street (the staff home lists them until they are changed); the map
  -- position is that block, to five decimals (about a metre).
  '123 Dundas Street',
  'London',
  'ON',
  'N6A 0A1',
  'CA',
  42.983710,
  -81.248930,
  '519-555-0134',
  'hello@thesquire.example',
  '$$',
  '{Pub,Canadian,Grill}',
  true,
  null,
  null,
  -- Sample profiles on a reserved domain, named by their host as the editor names them.
  '[{"network":"instagram.example.com","url":"https://instagram.example.com/thesquire"},{"network":"facebook.example.com","url":"https://facebook.example.com/thesquire"}]'::jsonb,
  'LTC buses run along Dundas Street and Richmond Street, and the downtown stops are a short walk from the door.',
  'Municipal parking lots and metered street parking are close by; evenings and weekends are the easiest times to find a spot.',
  'Step-free entrance from the street and an accessible washroom on the main floor. The Snug and the patio are step-free; the Upstairs Hall is reached by stairs only, with no lift.'
);

-- Opening hours (0 = Sunday) --------------------------------------------------
-- A closing time at or before the opening time is after midnight.

insert into public.opening_hours (weekday, opens_at, closes_at, kitchen_closes_at) values
  (0, '11:00', '23:00', '21:00'),
  (1, '11:30', '00:00', '22:00'),
  (2, '11:30', '00:00', '22:00'),
  (3, '11:30', '00:00', '22:00'),
  (4, '11:30', '01:00', '22:00'),
  (5, '11:00', '02:00', '23:00'),
  (6, '11:00', '02:00', '23:00');

-- Holiday hours: each on its next occurrence from today ------------------------

insert into public.hours_exceptions (starts_on, ends_on, closed, opens_at, closes_at, kitchen_closes_at, note)
select day, day, closed, opens_at, closes_at, kitchen_closes_at, note
from (
  select
    make_date(
      extract(year from current_date)::int
        + case when current_date > make_date(extract(year from current_date)::int, month, day_of_month)
          then 1 else 0 end,
      month, day_of_month
    ) as day,
    closed, opens_at, closes_at, kitchen_closes_at, note
  from (values
    (12, 25, true, null::time, null::time, null::time, 'Closed for Christmas Day'),
    (12, 26, false, time '12:00', time '23:00', time '21:00', 'Boxing Day hours'),
    -- Closing at 3 am: after midnight, so the span belongs to New Year's Eve.
    (12, 31, false, time '11:00', time '03:00', time '22:00', 'New Year''s Eve party until 3 am')
  ) as holiday (month, day_of_month, closed, opens_at, closes_at, kitchen_closes_at, note)
) as next_holiday;

-- New Year's Day follows the next New Year's Eve (December 31 of this year).
insert into public.hours_exceptions (starts_on, ends_on, closed, opens_at, closes_at, kitchen_closes_at, note) values (
  make_date(extract(year from current_date)::int, 12, 31) + 1,
  make_date(extract(year from current_date)::int, 12, 31) + 1,
  false, '14:00', '22:00', '20:00',
  'New Year''s Day: opening late after the party'
);

-- Menu sections ----------------------------------------------------------------

-- A section's `may_contain` lists the allergens its shared equipment may pass
-- on to every item in it (the note says why); no item's diet tags may be ruled
-- out by them or by its own allergens (app/menu/menu-rules.ts, held to this
-- file by app/menu/sample-menu.server.test.ts).
insert into public.menu_sections (slug, name, description, note, sort_order) values
  ('starters', 'Starters & Shareables',
    'Plates for the middle of the table, made for a round of drinks and a game on the screens.',
    'Fried starters are cooked in the same fryer as our fries: see From the Fryer, below, for what it may pass on.', 10),
  ('wings', 'Wings',
    'Jumbo Ontario chicken wings, fried crisp and tossed to order, with carrot and celery sticks.',
    'Pick a sauce: mild, medium, hot, honey garlic, salt and pepper, or Nashville hot.', 20),
  ('burgers', 'Burgers',
    'Ontario beef ground in house every morning, on buns from a downtown bakery, with fries.',
    'Swap fries for sweet potato fries, onion rings or a side Caesar for $3. Gluten-free bun $2.50.', 30),
  ('grill', 'From the Grill',
    'Steaks and ribs off the grill, and the pub classics that fill the dining room on a Friday.',
    'Steaks are AAA Canadian beef, cooked to the temperature you ask for.', 40),
  ('sandwiches', 'Sandwiches & Wraps',
    'Built for lunch and served with fries, a cup of the day''s soup or a side salad.',
    '', 50),
  ('salads', 'Salads & Bowls',
    'Big enough for a meal, with dressings made in house.',
    'Add grilled chicken $6, grilled salmon $9 or marinated tofu $4.', 60),
  ('sides', 'Sides',
    'On their own or alongside anything from the kitchen.',
    '', 70),
  ('desserts', 'Desserts',
    'Made in our kitchen, with a nod to Ontario where the season allows.',
    '', 80),
  ('kids', 'Kids',
    'Smaller plates with fries or cucumber and carrot sticks, and a juice, milk or pop.',
    'For guests 12 and under', 90),
  ('draught', 'Draught Beer',
    'Ontario craft on most of our taps, poured through lines we clean every week.',
    '20 oz pints; sleeves on request', 100),
  ('bottles', 'Bottles & Cans',
    'Tall cans and bottles from the fridge, including a gluten-free beer.',
    '', 110),
  ('cocktails', 'Cocktails',
    'Classics made properly, with Canadian spirits where they suit the drink.',
    'All cocktails are 2 oz.', 120),
  ('wine', 'Wine',
    'A short list leaning on Ontario VQA wines from Niagara, Prince Edward County and Lake Erie North Shore.',
    'Wines by the glass are 6 oz pours; the house red and white also come in a 9 oz glass.', 130),
  ('non-alcoholic', 'Non-Alcoholic',
    'Alcohol-free beer, mocktails and hot drinks, made with the same care as the rest.',
    '', 140);

-- The fryer is shared with battered fish and breaded items: what it may pass on.
insert into public.menu_sections (slug, name, description, note, may_contain, sort_order) values
  ('fryer', 'From the Fryer',
    'Hand-cut fries, sweet potato fries and beer-battered onion rings, on their own or alongside anything from the kitchen.',
    'Cooked in a fryer shared with battered fish and breaded items, so nothing here is gluten-free, vegetarian or vegan.',
    '{wheat,barley,fish,milk,eggs}', 65);

-- Menu items -------------------------------------------------------------------

insert into public.menu_items (
  section_id, name, description, price_cents, portion,
  dietary_tags, allergens, badges, available, featured, image_path, image_alt, sort_order, published
) values
  -- Starters & Shareables
  ((select id from public.menu_sections where slug = 'starters'),
    'Squire Nachos',
    'Corn tortilla chips layered with cheddar and Monterey Jack, pickled jalapeños, pico de gallo, black olives and green onion, with sour cream and salsa. Add chili or pulled pork for $5.',
    1900, '', '{vegetarian}', '{milk}', '{house-favourite}', true, false,
    'dishes/nachos.svg', 'Tortilla chips with melted cheese, jalapeño and black olive slices, diced tomato and a dollop of sour cream, with bowls of salsa and guacamole.', 10, true),
  ((select id from public.menu_sections where slug = 'starters'),
    'Classic Poutine',
    'Hand-cut fries with squeaky Ontario cheese curds and a peppery beef gravy poured on at the pass so the curds just start to melt.',
    1400, '', '{}', '{milk,wheat}', '{house-favourite,local}', true, true,
    'dishes/poutine.svg', 'A bowl of fries topped with white cheese curds and glossy brown gravy.', 20, true),
  ((select id from public.menu_sections where slug = 'starters'),
    'Buffalo Cauliflower Bites',
    'Cauliflower in a chickpea batter, oven-roasted until crisp at the edges and tossed in our vegan buffalo sauce, with vegan ranch and celery.',
    1500, '', '{vegan,vegetarian,dairy-free,gluten-free,spicy}', '{soy}', '{new}', true, false,
    null, '', 30, true),
  ((select id from public.menu_sections where slug = 'starters'),
    'Potato & Cheddar Perogies',
    'A dozen Ontario-made perogies, pan-fried with caramelised onions and finished with sour cream, green onion and crisp bacon bits.',
    1500, '12 pieces', '{}', '{wheat,milk,eggs}', '{local}', true, false,
    'dishes/perogies.svg', 'Five perogies on a dark plate topped with fried onions, bacon bits and green onion, with a small dish of sour cream.', 40, true),
  ((select id from public.menu_sections where slug = 'starters'),
    'Soft Pretzel & Beer Cheese',
    'A warm Bavarian-style pretzel brushed with butter and coarse salt, with a cheddar dip made with Squire''s Best Bitter and a pot of grainy mustard.',
    1300, '', '{vegetarian}', '{wheat,barley,milk,mustard}', '{}', true, false,
    null, '', 50, true),
  ((select id from public.menu_sections where slug = 'starters'),
    'Crispy Calamari',
    'Tender squid dusted in seasoned flour and fried quickly, with pickled banana peppers, lemon and tzatziki.',
    1700, '', '{}', '{molluscs,wheat,milk}', '{}', true, false,
    null, '', 60, true),
  ((select id from public.menu_sections where slug = 'starters'),
    'Spinach & Artichoke Dip',
    'Spinach, artichoke hearts, cream cheese, mozzarella and Parmesan baked bubbling in a skillet, with tortilla chips and grilled pita.',
    1600, '', '{vegetarian}', '{milk,wheat}', '{}', true, false,
    null, '', 70, true),

  -- Wings
  ((select id from public.menu_sections where slug = 'wings'),
    'Wings',
    'A pound of jumbo wings, fried until the skin crackles and tossed in the sauce of your choice, with ranch or blue cheese to dip.',
    1800, '1 lb', '{}', '{milk,eggs}', '{house-favourite}', true, true,
    'dishes/wings.svg', 'A basket lined with green-and-white checked paper, full of glossy sauced chicken wings, with carrot and celery sticks and a cup of creamy dip.', 10, true),
  ((select id from public.menu_sections where slug = 'wings'),
    'Wings for Sharing',
    'Two pounds of jumbo wings in up to two sauces, with a double order of veggie sticks and two dips.',
    3400, '2 lb', '{}', '{milk,eggs}', '{}', true, false,
    null, '', 20, true),
  ((select id from public.menu_sections where slug = 'wings'),
    'Boneless Bites',
    'Buttermilk-marinated chicken breast, breaded and fried in bite-sized pieces, tossed in any wing sauce.',
    1700, '1 lb', '{}', '{wheat,milk,eggs}', '{}', true, false,
    null, '', 30, true),
  ((select id from public.menu_sections where slug = 'wings'),
    'Extra Dip',
    'Ranch or blue cheese, made in house.',
    150, '2 oz', '{}', '{milk,eggs}', '{}', true, false,
    null, '', 40, true),

  -- Burgers
  ((select id from public.menu_sections where slug = 'burgers'),
    'Squire Smash Burger',
    'Two thin Ontario beef patties smashed hard on the flat-top for a crust, with American cheese, griddled onions, dill pickles and house sauce on a toasted potato bun.',
    2100, '', '{}', '{wheat,milk,eggs,mustard,soy}', '{house-favourite,local}', true, true,
    'dishes/smash-burger.svg', 'A double cheeseburger with cheese dripping over two patties and lettuce in a sesame bun, with a pickle spear and a cup of fries.', 10, true),
  ((select id from public.menu_sections where slug = 'burgers'),
    'Bacon Cheddar Burger',
    'A 7 oz Ontario beef patty with aged Ontario cheddar, double-smoked bacon, lettuce, tomato, red onion and garlic mayo on a sesame bun.',
    2200, '', '{}', '{wheat,milk,eggs,sesame}', '{local}', true, false,
    null, '', 20, true),
  ((select id from public.menu_sections where slug = 'burgers'),
    'Mushroom Swiss Burger',
    'A 7 oz beef patty under sautéed cremini mushrooms, melted Swiss and truffle aioli on a sesame bun.',
    2200, '', '{}', '{wheat,milk,eggs,sesame}', '{}', true, false,
    null, '', 30, true),
  ((select id from public.menu_sections where slug = 'burgers'),
    'Nashville Hot Chicken',
    'A buttermilk-fried chicken thigh brushed with cayenne-hot oil, with creamy slaw and bread-and-butter pickles on a potato bun.',
    2100, '', '{spicy}', '{wheat,milk,eggs}', '{new}', true, false,
    null, '', 40, true),
  ((select id from public.menu_sections where slug = 'burgers'),
    'Smokehouse Burger',
    'A 7 oz beef patty stacked with smoked cheddar, double-smoked bacon, a beer-battered onion ring and house bourbon barbecue sauce.',
    2400, '', '{}', '{wheat,barley,milk,eggs,mustard,sesame}', '{}', true, false,
    null, '', 50, true),
  ((select id from public.menu_sections where slug = 'burgers'),
    'Garden Burger',
    'A plant-based patty with melted vegan cheddar, lettuce, tomato, pickled red onion and chipotle vegan mayo on a vegan bun, served with a side salad rather than fries, which share a fryer with fish.',
    1900, '', '{vegan,vegetarian,dairy-free}', '{wheat,soy}', '{}', true, false,
    'dishes/veggie-burger.svg', 'A veggie burger with a speckled vegetable patty, lettuce, tomato and avocado slices in a seeded bun, with a small side salad.', 60, true),

  -- From the Grill
  ((select id from public.menu_sections where slug = 'grill'),
    'Steak Frites',
    'An 8 oz AAA striploin off the grill, topped with garlic-herb butter, with fries and a green peppercorn and brandy sauce.',
    3400, '8 oz', '{}', '{milk,wheat,sulphites}', '{house-favourite}', true, true,
    'dishes/steak-frites.svg', 'A whole grilled steak topped with a pat of herb butter, with a pile of thin fries, a sprig of rosemary and a steak knife on a white plate.', 10, true),
  ((select id from public.menu_sections where slug = 'grill'),
    'Fish & Chips',
    'A fillet of Atlantic haddock in a crisp Squire''s Best Bitter batter, with fries, creamy coleslaw, tartar sauce and a lemon wedge.',
    1900, '1 piece', '{}', '{fish,wheat,barley,eggs,mustard}', '{house-favourite}', true, true,
    'dishes/fish-and-chips.svg', 'A golden battered fish fillet with a sprig of parsley on a pile of fries, with a lemon wedge and a small dish of tartar sauce.', 20, true),
  ((select id from public.menu_sections where slug = 'grill'),
    'Fish & Chips, Two Piece',
    'Two fillets of beer-battered Atlantic haddock, with fries, coleslaw, tartar sauce and lemon.',
    2500, '2 pieces', '{}', '{fish,wheat,barley,eggs,mustard}', '{}', true, false,
    null, '', 30, true),
  ((select id from public.menu_sections where slug = 'grill'),
    'Barbecue Back Ribs',
    'Pork back ribs rubbed and smoked low for five hours, then finished on the grill in house bourbon barbecue sauce, with fries and coleslaw.',
    2700, 'half rack', '{}', '{mustard,eggs}', '{}', true, false,
    null, '', 40, true),
  ((select id from public.menu_sections where slug = 'grill'),
    'Barbecue Back Ribs, Full Rack',
    'The whole rack of smoked, grilled back ribs, with fries and coleslaw.',
    3700, 'full rack', '{}', '{mustard,eggs}', '{}', true, false,
    null, '', 50, true),
  ((select id from public.menu_sections where slug = 'grill'),
    'Grilled Chicken Supreme',
    'A herb-and-lemon marinated chicken supreme, grilled and finished with chimichurri, with roast potatoes and seasonal vegetables.',
    2800, '', '{gluten-free,dairy-free}', '{}', '{}', true, false,
    null, '', 60, true),
  ((select id from public.menu_sections where slug = 'grill'),
    'Maple-Dijon Salmon',
    'Grilled Atlantic salmon glazed with Ontario maple syrup and Dijon, on wild rice pilaf with charred broccolini.',
    2900, '', '{gluten-free,dairy-free}', '{fish,mustard}', '{local}', true, false,
    null, '', 70, true),
  ((select id from public.menu_sections where slug = 'grill'),
    'Shepherd''s Pie',
    'Ground lamb and beef braised with carrots, peas and thyme, under a cheddar mash crust browned in the oven.',
    2300, '', '{}', '{milk,wheat,fish}', '{}', true, false,
    null, '', 80, true),
  ((select id from public.menu_sections where slug = 'grill'),
    'Bangers & Mash',
    'Two pork sausages from an Ontario butcher on buttery mash, with caramelised onion gravy and minted peas.',
    2100, '', '{}', '{wheat,milk,sulphites}', '{local}', true, false,
    null, '', 90, true),

  -- Sandwiches & Wraps
  ((select id from public.menu_sections where slug = 'sandwiches'),
    'Squire Club',
    'House-roasted turkey breast, double-smoked bacon, lettuce, tomato and mayo, stacked three storeys high on toasted white or whole wheat.',
    1900, '', '{}', '{wheat,eggs}', '{}', true, false,
    'dishes/club-sandwich.svg', 'Two wedges of a triple-decker club sandwich held with cocktail picks, layered with lettuce, tomato, bacon and turkey, with chips and a pickle.', 10, true),
  ((select id from public.menu_sections where slug = 'sandwiches'),
    'Peameal Bacon on a Bun',
    'Thick slices of cornmeal-crusted Ontario peameal bacon, griddled and piled on a kaiser with honey mustard.',
    1800, '', '{}', '{wheat,mustard}', '{local}', true, false,
    null, '', 20, true),
  ((select id from public.menu_sections where slug = 'sandwiches'),
    'Beef Dip',
    'Shaved roast beef, Swiss cheese and caramelised onions on a toasted baguette with horseradish mayo and a cup of jus for dipping.',
    2100, '', '{}', '{wheat,milk,eggs}', '{}', true, false,
    null, '', 30, true),
  ((select id from public.menu_sections where slug = 'sandwiches'),
    'Buffalo Chicken Wrap',
    'Crispy chicken tossed in hot sauce, with romaine, tomato and blue cheese dressing, rolled in a grilled flour tortilla.',
    1800, '', '{spicy}', '{wheat,milk,eggs}', '{}', true, false,
    null, '', 40, true),
  ((select id from public.menu_sections where slug = 'sandwiches'),
    'Falafel Wrap',
    'Baked chickpea falafel with hummus, pickled turnip, cucumber, tomato and tahini sauce in a grilled flour tortilla.',
    1700, '', '{vegan,vegetarian,dairy-free}', '{wheat,sesame}', '{}', true, false,
    null, '', 50, true),
  ((select id from public.menu_sections where slug = 'sandwiches'),
    'Grown-Up Grilled Cheese',
    'Aged Ontario cheddar, Gruyère and caramelised onions on buttered sourdough, with a cup of roasted tomato soup for dunking.',
    1600, '', '{vegetarian}', '{wheat,milk}', '{}', true, false,
    null, '', 60, true),
  -- In development: not on the menu yet.
  ((select id from public.menu_sections where slug = 'sandwiches'),
    'Braised Short Rib Melt',
    'Red-wine braised short rib with Swiss and pickled onions on griddled rye, with a cup of the braising jus.',
    2200, '', '{}', '{wheat,rye,milk,sulphites}', '{new}', true, false,
    null, '', 70, false),

  -- Salads & Bowls
  ((select id from public.menu_sections where slug = 'salads'),
    'Caesar Salad',
    'Crisp romaine hearts in our garlic-anchovy dressing with double-smoked bacon, shaved Parmesan, sourdough croutons and lemon.',
    1500, '', '{}', '{eggs,milk,fish,wheat,mustard}', '{}', true, false,
    'dishes/caesar-salad.svg', 'A white bowl of Caesar salad with romaine, croutons, shaved Parmesan and creamy dressing, with a fork and a lemon wedge beside it.', 10, true),
  ((select id from public.menu_sections where slug = 'salads'),
    'Harvest Salad',
    'Mixed greens with roasted squash, goat cheese, dried cranberries and maple-candied pecans in a maple-cider vinaigrette.',
    1600, '', '{vegetarian,gluten-free,contains-nuts}', '{milk,tree-nuts,mustard}', '{local}', true, false,
    null, '', 20, true),
  ((select id from public.menu_sections where slug = 'salads'),
    'Market Grain Bowl',
    'Quinoa, roasted sweet potato, crispy chickpeas, kale, avocado and pickled red cabbage, with a lemon-tahini dressing.',
    1800, '', '{vegan,vegetarian,dairy-free,gluten-free}', '{sesame}', '{}', true, false,
    null, '', 30, true),
  ((select id from public.menu_sections where slug = 'salads'),
    'Peanut Noodle Bowl',
    'Rice noodles, shredded cabbage, carrot, edamame and cucumber in a spicy peanut-lime sauce, topped with crushed peanuts and cilantro.',
    1800, '', '{vegan,vegetarian,dairy-free,gluten-free,spicy,contains-nuts}', '{peanuts,soy,sesame}', '{new}', true, false,
    null, '', 40, true),

  -- From the Fryer: no diet tags, as the shared fryer may pass on fish, milk and eggs.
  ((select id from public.menu_sections where slug = 'fryer'),
    'Hand-Cut Fries',
    'Ontario potatoes cut every morning, fried twice and finished with sea salt.',
    700, '', '{}', '{}', '{local}', true, false,
    null, '', 10, true),
  ((select id from public.menu_sections where slug = 'fryer'),
    'Sweet Potato Fries',
    'Crisp sweet potato fries with a chipotle mayo for dipping.',
    800, '', '{}', '{eggs}', '{}', true, false,
    null, '', 20, true),
  ((select id from public.menu_sections where slug = 'fryer'),
    'Onion Rings',
    'Thick-cut sweet onions in a crunchy beer batter, with house ranch.',
    800, '', '{}', '{wheat,barley,milk,eggs}', '{}', true, false,
    null, '', 30, true),

  -- Sides
  ((select id from public.menu_sections where slug = 'sides'),
    'Side Caesar',
    'A smaller bowl of our Caesar with bacon, Parmesan and croutons.',
    700, '', '{}', '{eggs,milk,fish,wheat,mustard}', '{}', true, false,
    null, '', 40, true),
  ((select id from public.menu_sections where slug = 'sides'),
    'Garlic Mash',
    'Yukon Gold potatoes mashed with roasted garlic, butter and cream.',
    600, '', '{vegetarian,gluten-free}', '{milk}', '{}', true, false,
    null, '', 50, true),
  ((select id from public.menu_sections where slug = 'sides'),
    'Seasonal Vegetables',
    'Whatever is best from Ontario farms this week, roasted in olive oil with sea salt and herbs.',
    600, '', '{vegan,vegetarian,dairy-free,gluten-free}', '{}', '{local}', true, false,
    null, '', 60, true),

  -- Desserts
  ((select id from public.menu_sections where slug = 'desserts'),
    'Sticky Toffee Pudding',
    'A warm date sponge soaked in dark toffee sauce, with vanilla ice cream melting over the top.',
    1100, '', '{vegetarian}', '{wheat,milk,eggs}', '{house-favourite}', true, true,
    'dishes/sticky-toffee-pudding.svg', 'A square of dark sponge pudding dripping with toffee sauce, topped with a scoop of vanilla ice cream and two mint leaves.', 10, true),
  ((select id from public.menu_sections where slug = 'desserts'),
    'Butter Tarts',
    'Two Ontario-style butter tarts with a runny brown-sugar centre in flaky pastry, served warm with whipped cream. Ask for raisins or plain.',
    900, '2 tarts', '{vegetarian}', '{wheat,milk,eggs}', '{local}', true, false,
    'dishes/butter-tart.svg', 'Two butter tarts with crimped golden pastry and glossy brown filling dotted with raisins, on a dark plate on a wooden table.', 20, true),
  ((select id from public.menu_sections where slug = 'desserts'),
    'Chocolate Stout Cake',
    'Dark chocolate cake made with Squire''s Oatmeal Stout, under a thick ganache, with a spoon of salted caramel.',
    1100, '', '{vegetarian}', '{wheat,barley,oats,milk,eggs,soy}', '{}', true, false,
    null, '', 30, true),
  ((select id from public.menu_sections where slug = 'desserts'),
    'Maple Crème Brûlée',
    'A baked custard sweetened with Ontario maple syrup under a crackling burnt-sugar top.',
    1000, '', '{vegetarian,gluten-free}', '{milk,eggs}', '{local}', true, false,
    null, '', 40, true),
  ((select id from public.menu_sections where slug = 'desserts'),
    'Raspberry & Mango Sorbet',
    'Three scoops of sharp raspberry and ripe mango sorbet with fresh mint.',
    900, '3 scoops', '{vegan,vegetarian,dairy-free,gluten-free}', '{}', '{}', true, false,
    null, '', 50, true),
  ((select id from public.menu_sections where slug = 'desserts'),
    'Strawberry-Rhubarb Pie',
    'Ontario strawberries and rhubarb under a lattice crust, with vanilla ice cream. Back in June, when the rhubarb is.',
    1100, '', '{vegetarian}', '{wheat,milk,eggs}', '{local}', false, false,
    null, '', 60, true),

  -- Kids
  ((select id from public.menu_sections where slug = 'kids'),
    'Chicken Fingers',
    'Three breaded chicken breast strips with plum sauce or honey mustard.',
    1000, '', '{}', '{wheat,eggs,milk}', '{}', true, false,
    null, '', 10, true),
  ((select id from public.menu_sections where slug = 'kids'),
    'Mini Cheeseburger',
    'A small Ontario beef patty with cheddar and ketchup on a soft bun, no pickles unless asked.',
    1100, '', '{}', '{wheat,milk,sesame}', '{}', true, false,
    null, '', 20, true),
  ((select id from public.menu_sections where slug = 'kids'),
    'Mac & Cheese',
    'Elbow macaroni in a mild cheddar sauce, baked with a golden top.',
    900, '', '{vegetarian}', '{wheat,milk}', '{}', true, false,
    null, '', 30, true),
  ((select id from public.menu_sections where slug = 'kids'),
    'Kids'' Fish & Chips',
    'A smaller piece of beer-battered haddock with fries and tartar sauce.',
    1100, '', '{}', '{fish,wheat,barley,eggs,mustard}', '{}', true, false,
    null, '', 40, true),

  -- Draught Beer
  ((select id from public.menu_sections where slug = 'draught'),
    'Squire''s Best Bitter',
    'Our house English-style bitter, brewed for us in Ontario: copper-coloured, biscuity and gently hopped, 4.2%. Unfined, so it is vegan. Also by the 60 oz pitcher for the table, $26.',
    850, '20 oz', '{vegan,vegetarian,dairy-free}', '{barley}', '{house-favourite,local}', true, false,
    'drinks/pint.svg', 'A pint glass of bubbly golden beer with a thick white head, on a green coaster.', 10, true),
  ((select id from public.menu_sections where slug = 'draught'),
    'Squire''s Oatmeal Stout',
    'Our house stout, roasty and smooth with notes of dark chocolate and coffee, 5.0%. Unfined, so it is vegan.',
    950, '20 oz', '{vegan,vegetarian,dairy-free}', '{barley,oats}', '{local}', true, false,
    'drinks/stout.svg', 'A pint of near-black stout with a thick creamy head, in a curved glass with a green shield logo, on a dark coaster.', 20, true),
  ((select id from public.menu_sections where slug = 'draught'),
    'Rotating Ontario IPA',
    'A West Coast or hazy IPA from an Ontario craft brewery, changed whenever the keg runs dry. Ask what is pouring.',
    950, '20 oz', '{}', '{barley,wheat,oats}', '{local}', true, false,
    null, '', 30, true),
  ((select id from public.menu_sections where slug = 'draught'),
    'Ontario Craft Lager',
    'A crisp, clean, easy-drinking lager from an Ontario brewery, 4.8%.',
    850, '20 oz', '{}', '{barley}', '{local}', true, false,
    null, '', 40, true),
  ((select id from public.menu_sections where slug = 'draught'),
    'Ontario Red Ale',
    'A malty amber-red ale with caramel and toffee notes and a dry finish, 5.2%.',
    900, '20 oz', '{}', '{barley}', '{local}', true, false,
    null, '', 50, true),
  ((select id from public.menu_sections where slug = 'draught'),
    'Ontario Hefeweizen',
    'A hazy Bavarian-style wheat beer from an Ontario brewery, full of banana and clove, 5.1%.',
    950, '20 oz', '{}', '{wheat,barley}', '{local}', true, false,
    null, '', 60, true),
  ((select id from public.menu_sections where slug = 'draught'),
    'Irish Dry Stout',
    'The classic imported dry stout on nitro, poured slowly with a two-part pour.',
    1000, '20 oz', '{}', '{barley}', '{}', true, false,
    null, '', 70, true),
  ((select id from public.menu_sections where slug = 'draught'),
    'Ontario Craft Cider',
    'A dry, sparkling cider pressed from Ontario apples, 5.5%.',
    950, '20 oz', '{gluten-free}', '{sulphites}', '{local}', true, false,
    null, '', 80, true),

  -- Bottles & Cans
  ((select id from public.menu_sections where slug = 'bottles'),
    'Ontario Pilsner',
    'A bright, snappy Czech-style pilsner from an Ontario brewery with a floral, bitter finish.',
    900, '473 mL can', '{}', '{barley}', '{local}', true, false,
    null, '', 10, true),
  ((select id from public.menu_sections where slug = 'bottles'),
    'Ontario Raspberry Sour',
    'A tart kettle sour loaded with raspberries, pink and refreshing.',
    950, '473 mL can', '{}', '{barley,wheat}', '{local,new}', true, false,
    null, '', 20, true),
  ((select id from public.menu_sections where slug = 'bottles'),
    'Gluten-Free Pale Ale',
    'A citrusy pale ale brewed without barley or wheat by an Ontario brewer.',
    950, '473 mL can', '{gluten-free}', '{}', '{local}', true, false,
    null, '', 30, true),
  ((select id from public.menu_sections where slug = 'bottles'),
    'Domestic Lager',
    'The familiar Canadian lagers, ice-cold. Ask which are in the fridge.',
    750, 'bottle', '{}', '{barley}', '{}', true, false,
    null, '', 40, true),
  ((select id from public.menu_sections where slug = 'bottles'),
    'Hard Seltzer',
    'Lime or black cherry, light and dry, 5%.',
    850, '355 mL can', '{gluten-free}', '{}', '{}', true, false,
    null, '', 50, true),

  -- Cocktails
  ((select id from public.menu_sections where slug = 'cocktails'),
    'Squire Caesar',
    'Canada''s cocktail: vodka, clamato, Worcestershire and hot sauce over ice in a celery-salt rim, with a pickled bean and a lime wedge.',
    1300, '', '{spicy}', '{molluscs,fish}', '{house-favourite}', true, false,
    null, '', 10, true),
  ((select id from public.menu_sections where slug = 'cocktails'),
    'Maple Old Fashioned',
    'Canadian rye stirred with Ontario maple syrup and aromatic bitters, over a big cube with an orange twist.',
    1500, '', '{vegan,vegetarian,dairy-free}', '{}', '{}', true, false,
    'drinks/cocktail.svg', 'A Caesar cocktail in a tall glass with a seasoned rim, ice, a celery stalk and a lime wedge, beside a bottle of hot sauce and a dish of rim salt.', 20, true),
  ((select id from public.menu_sections where slug = 'cocktails'),
    'Espresso Martini',
    'Vodka, coffee liqueur and a fresh shot of espresso, shaken hard for a thick crema.',
    1600, '', '{vegan,vegetarian,dairy-free}', '{}', '{}', true, false,
    null, '', 30, true),
  ((select id from public.menu_sections where slug = 'cocktails'),
    'Bitter Orange Spritz',
    'Italian bitter orange aperitivo topped with Ontario sparkling wine and soda, with an orange slice.',
    1400, '', '{}', '{sulphites}', '{}', true, false,
    null, '', 40, true),
  ((select id from public.menu_sections where slug = 'cocktails'),
    'Moscow Mule',
    'Vodka, fresh lime and spicy ginger beer in a copper mug.',
    1300, '', '{vegan,vegetarian,dairy-free}', '{}', '{}', true, false,
    null, '', 50, true),
  ((select id from public.menu_sections where slug = 'cocktails'),
    'Spicy Margarita',
    'Blanco tequila shaken with jalapeño, lime and agave, in a chili-salt rim.',
    1500, '', '{vegan,vegetarian,dairy-free,gluten-free,spicy}', '{}', '{}', true, false,
    null, '', 60, true),
  ((select id from public.menu_sections where slug = 'cocktails'),
    'Gin & Elderflower Smash',
    'Ontario gin muddled with cucumber, mint and lemon, lengthened with elderflower tonic.',
    1500, '', '{vegan,vegetarian,dairy-free}', '{}', '{new}', true, false,
    null, '', 70, true),

  -- Wine
  ((select id from public.menu_sections where slug = 'wine'),
    'House Red or White',
    'Our everyday Ontario red and white, both chosen to work with the menu.',
    1100, '6 oz glass', '{gluten-free}', '{sulphites}', '{local}', true, false,
    null, '', 10, true),
  ((select id from public.menu_sections where slug = 'wine'),
    'House Red or White, Large',
    'The house Ontario red or white in the larger glass.',
    1550, '9 oz glass', '{gluten-free}', '{sulphites}', '{local}', true, false,
    null, '', 20, true),
  ((select id from public.menu_sections where slug = 'wine'),
    'VQA Niagara Riesling',
    'Off-dry and racy with lime, green apple and a stony finish. Lovely with wings.',
    1200, '6 oz glass', '{gluten-free}', '{sulphites}', '{local}', true, false,
    'drinks/wine.svg', 'A glass of red wine beside a green bottle with a shield logo on its label, and a small board with a wedge of cheese and purple grapes.', 30, true),
  ((select id from public.menu_sections where slug = 'wine'),
    'VQA Prince Edward County Chardonnay',
    'Cool-climate Chardonnay with crisp pear, lemon and a touch of toasty oak.',
    1500, '6 oz glass', '{gluten-free}', '{sulphites}', '{local}', true, false,
    null, '', 40, true),
  ((select id from public.menu_sections where slug = 'wine'),
    'New Zealand Sauvignon Blanc',
    'Zesty and aromatic with grapefruit, passion fruit and fresh-cut grass.',
    1300, '6 oz glass', '{gluten-free}', '{sulphites}', '{}', true, false,
    null, '', 50, true),
  ((select id from public.menu_sections where slug = 'wine'),
    'VQA Niagara Cabernet Franc',
    'Medium-bodied, with red currant, raspberry and a peppery edge that suits anything off the grill.',
    1400, '6 oz glass', '{gluten-free}', '{sulphites}', '{local}', true, false,
    null, '', 60, true),
  ((select id from public.menu_sections where slug = 'wine'),
    'Argentine Malbec',
    'Plush dark plum and blackberry with soft tannins, made for steak night.',
    1300, '6 oz glass', '{gluten-free}', '{sulphites}', '{}', true, false,
    null, '', 70, true),
  ((select id from public.menu_sections where slug = 'wine'),
    'VQA Lake Erie North Shore Pinot Noir',
    'Light and silky, with cherry, cranberry and a little forest floor.',
    1600, '6 oz glass', '{gluten-free}', '{sulphites}', '{local}', true, false,
    null, '', 80, true),
  ((select id from public.menu_sections where slug = 'wine'),
    'VQA Ontario Traditional-Method Sparkling',
    'Fine bubbles, green apple and brioche: an Ontario answer to Champagne, for celebrating.',
    5800, 'bottle', '{gluten-free}', '{sulphites}', '{local}', true, false,
    null, '', 90, true),

  -- Non-Alcoholic
  ((select id from public.menu_sections where slug = 'non-alcoholic'),
    'Alcohol-Free IPA',
    'An Ontario-brewed alcohol-free IPA with all the citrus and pine of the real thing, under 0.5%.',
    700, '355 mL can', '{}', '{barley}', '{local}', true, false,
    null, '', 10, true),
  ((select id from public.menu_sections where slug = 'non-alcoholic'),
    'Virgin Caesar',
    'Clamato, Worcestershire, hot sauce and lime in a celery-salt rim, with everything but the vodka.',
    800, '', '{spicy}', '{molluscs,fish}', '{}', true, false,
    null, '', 20, true),
  ((select id from public.menu_sections where slug = 'non-alcoholic'),
    'Ginger-Lime Fizz',
    'House-made ginger syrup, fresh lime and mint, topped with soda.',
    700, '', '{vegan,vegetarian,dairy-free,gluten-free}', '{}', '{}', true, false,
    null, '', 30, true),
  ((select id from public.menu_sections where slug = 'non-alcoholic'),
    'Hot Mulled Apple Cider',
    'Ontario apple cider warmed with cinnamon, clove and orange peel.',
    550, '', '{vegan,vegetarian,dairy-free,gluten-free}', '{}', '{local}', true, false,
    null, '', 40, true),
  ((select id from public.menu_sections where slug = 'non-alcoholic'),
    'Fountain Pop',
    'Cola, diet cola, lemon-lime, ginger ale or root beer, with free refills.',
    350, '', '{vegan,vegetarian,dairy-free,gluten-free}', '{}', '{}', true, false,
    null, '', 50, true),
  ((select id from public.menu_sections where slug = 'non-alcoholic'),
    'Coffee or Tea',
    'Drip coffee from a London roaster, or a pot of black, green or herbal tea. Milk or oat milk on request.',
    350, '', '{vegan,vegetarian,dairy-free,gluten-free}', '{}', '{}', true, false,
    null, '', 60, true);

-- Specials ---------------------------------------------------------------------

-- A special with one price shows it; a deal on several things (happy hour)
-- has none, and its description says what is offered.
insert into public.specials (title, description, price_cents, weekday, starts_on, ends_on, starts_at, ends_at, sort_order, published) values
  ('Sunday Roast',
    'Roast Ontario beef carved to order with a Yorkshire pudding, roast potatoes, seasonal vegetables and proper gravy. Served until it runs out.',
    2600, 0, null, null, '12:00', '21:00', 10, true),
  ('Caesar Sunday',
    'Squire Caesars for $9 all afternoon, with a pickled bean and all the trimmings.',
    900, 0, null, null, '11:00', '16:00', 20, true),
  ('Wing Night',
    'A pound of wings in any sauce, dine-in only.',
    1200, 1, null, null, '16:00', '22:00', 10, true),
  ('Burger & Pint',
    'Any burger with a 20 oz Squire''s Best Bitter or Ontario Craft Lager.',
    2400, 2, null, null, '11:30', '22:00', 10, true),
  ('Trivia Night Pitchers',
    'A 60 oz pitcher of Squire''s Best Bitter or Ontario Craft Lager while the quiz is on.',
    2200, 3, null, null, '19:00', '22:00', 10, true),
  ('Steak Night',
    'An 8 oz AAA striploin with fries and green peppercorn sauce.',
    2600, 4, null, null, '16:00', '22:00', 10, true),
  ('Friday Fish Fry',
    'Two pieces of beer-battered haddock with fries, coleslaw and tartar sauce, all day.',
    2100, 5, null, null, '11:00', '23:00', 10, true),
  ('Saturday Slow-Roast Beef',
    'A prime-rib-style AAA beef rib roast, slow-roasted all afternoon and carved to order, with jus, Yorkshire pudding, garlic mash and vegetables. A limited number each week.',
    3600, 6, null, null, '17:00', '23:00', 10, true),
  ('Happy Hour',
    '$7 house pints, $9 house wine and half-price nachos and poutine, Monday to Friday.',
    null, 1, null, null, '15:00', '18:00', 100, true),
  ('Happy Hour',
    '$7 house pints, $9 house wine and half-price nachos and poutine, Monday to Friday.',
    null, 2, null, null, '15:00', '18:00', 100, true),
  ('Happy Hour',
    '$7 house pints, $9 house wine and half-price nachos and poutine, Monday to Friday.',
    null, 3, null, null, '15:00', '18:00', 100, true),
  ('Happy Hour',
    '$7 house pints, $9 house wine and half-price nachos and poutine, Monday to Friday.',
    null, 4, null, null, '15:00', '18:00', 100, true),
  ('Happy Hour',
    '$7 house pints, $9 house wine and half-price nachos and poutine, Monday to Friday.',
    null, 5, null, null, '15:00', '18:00', 100, true),
  -- This year's December: always current or still to come.
  ('Mulled Cider Season',
    'Hot Ontario apple cider mulled with cinnamon and clove, with a shot of Canadian rye or spiced rum, all through December.',
    900, null,
    make_date(extract(year from current_date)::int, 12, 1),
    make_date(extract(year from current_date)::int, 12, 31),
    null, null, 200, true),
  -- Still being planned: not on the site yet.
  ('Oyster Thursday',
    'Half a dozen East Coast oysters with mignonette and lemon.',
    1800, 4, null, null, '17:00', '22:00', 20, false);

-- Events -------------------------------------------------------------------------
-- Each event falls on its usual weekday: for `from_day` 0 or more, the first
-- such weekday on or after that many days from today; for a negative
-- `from_day` (a past event), the last one on or before. Christmas Day and New
-- Year's Day are skipped. Times are wall-clock times in London, Ontario.

insert into public.events (slug, title, summary, description, starts_at, ends_at, status, price_cents, image_path, image_alt, published)
select
  slug, title, summary, description,
  (on_day + starts) at time zone 'America/Toronto',
  (on_day + starts + length) at time zone 'America/Toronto',
  status, price_cents, image_path, image_alt, published
from (values
  ('celtic-session-with-the-hedgerow-fiddlers',
    'Celtic Session with the Hedgerow Fiddlers',
    'Reels, jigs and a few sing-along ballads from a local five-piece.',
    'The Hedgerow Fiddlers packed the main room with fiddle, whistle, guitar and bodhrán for two sets of Celtic tunes. Thanks to everyone who came out and sang along.',
    -3, 6, time '20:00', interval '3 hours',
    'scheduled', 1000,
    'events/live-music.svg', 'An empty stage with an acoustic guitar, microphone stand, amp and stool under warm spotlights and string lights, a few audience silhouettes in front.', true),
  ('trivia-night',
    'Trivia Night',
    'Six rounds of general knowledge with prizes for the top three teams.',
    'Bring a team of up to six, or come solo and we will find you one. The quiz starts at 7:30 and wraps up by 10; the winners take home a bar tab, and trivia pitchers are on special all night.',
    2, 3, time '19:30', interval '2 hours 30 minutes',
    'scheduled', null,
    'events/trivia.svg', 'A big screen with a question mark and four coloured answer bars, silhouetted players, a quizmaster at a lectern, and an answer sheet and pints.', true),
  ('live-music-kettle-and-crow',
    'Live Music: Kettle & Crow',
    'Folk-rock and roots covers from a London duo, two sets from 9 pm.',
    'Kettle & Crow play harmony-heavy folk-rock, roots covers and a few originals. Two sets, with a short break; the kitchen takes orders until 11.',
    2, 5, time '21:00', interval '3 hours 30 minutes',
    'scheduled', 1000,
    'events/live-music.svg', 'An empty stage with an acoustic guitar, microphone stand, amp and stool under warm spotlights and string lights, a few audience silhouettes in front.', true),
  ('hockey-night-on-the-big-screens',
    'Hockey Night on the Big Screens',
    'The game on every screen with the sound up, and wing specials all night.',
    'Every screen in the pub tuned to the game, with the sound on in the main room. Come early for a seat with a view; there is no cover and no need to book.',
    2, 6, time '19:00', interval '3 hours 30 minutes',
    'scheduled', null,
    'events/hockey-night.svg', 'Silhouetted fans raising pints in front of a big screen showing a hockey game, under a string of green and cream pennants.', true),
  ('open-mic-night',
    'Open Mic Night',
    'Songs, poems and stand-up from anyone brave enough to sign up.',
    'Sign-up opens at 7:30 and each act gets ten minutes. We provide a guitar amp, two microphones and a keyboard; bring your own instrument.',
    7, 2, time '20:00', interval '3 hours',
    'scheduled', null,
    'events/open-mic.svg', 'A spotlit microphone stand on a stage before a green curtain, with a sign-up board, a stool and a speaker, and silhouettes at candlelit tables.', true),
  ('wing-night-hot-sauce-showdown',
    'Wing Night: Hot Sauce Showdown',
    'Taste five hot sauces from mild to fearsome and vote for the one that goes on the menu.',
    'Order a pound of wings at the wing-night price and add a flight of five sauce samples. The sauce with the most votes joins the menu next month.',
    9, 1, time '17:00', interval '5 hours',
    'scheduled', null,
    'events/wing-night.svg', 'A platter of sauced chicken wings with five dipping sauces, a mug of beer and carrot and celery sticks, under chili peppers from yellow to red.', true),
  ('comedy-night',
    'Comedy Night',
    'Four Southwestern Ontario comics in the Upstairs Hall, with table service from the bar.',
    'A host and four comics from around Southwestern Ontario, upstairs in the hall with table service from the bar. The hall is reached by stairs only.',
    14, 4, time '20:00', interval '2 hours 30 minutes',
    'sold-out', 2000,
    'events/comedy.svg', 'A spotlit microphone stand and a stool with a glass of water on a stage, neon smiley and mask signs on the brick wall, an audience in silhouette.', true),
  ('live-music-lantern-hollow',
    'Live Music: Lantern Hollow',
    'Postponed: the band cannot play this date. Advance covers will be refunded, and we will post the new date here.',
    'Lantern Hollow were due to play an evening of Americana and country originals. The band has had to postpone; anyone who paid the cover in advance will be refunded to the card they used.',
    16, 6, time '21:00', interval '3 hours 30 minutes',
    'postponed', 1500,
    'events/live-music.svg', 'An empty stage with an acoustic guitar, microphone stand, amp and stool under warm spotlights and string lights, a few audience silhouettes in front.', true),
  ('trivia-championship',
    'Trivia Championship',
    'The ten best teams from our Wednesday trivia nights play for the trophy and a $250 bar tab.',
    'The ten teams with the most points from our Wednesday trivia nights play a ten-round final, with a picture round and a music round. It moved a week later, so the hall can be set up for it. Spectators welcome.',
    27, 3, time '19:00', interval '3 hours 30 minutes',
    'scheduled', null,
    'events/trivia.svg', 'A big screen with a question mark and four coloured answer bars, silhouetted players, a quizmaster at a lectern, and an answer sheet and pints.', true),
  -- Still being planned: not on the site yet.
  ('whisky-tasting-evening',
    'Whisky Tasting Evening',
    'Five Canadian whiskies with a guide, and small bites from the kitchen.',
    'A guided tasting of five Canadian whiskies, from a light Ontario rye to a cask-strength blend, with cheese and charcuterie.',
    26, 4, time '19:00', interval '2 hours 30 minutes',
    'scheduled', 6500,
    null, '', false)
) as event (slug, title, summary, description, from_day, weekday, starts, length, status, price_cents, image_path, image_alt, published)
cross join lateral (
  select candidate as on_day
  from generate_series(0, 20) as step
  cross join lateral (
    select current_date + from_day + case when from_day < 0 then -step else step end as candidate
  ) as day
  where extract(dow from candidate) = weekday
    and to_char(candidate, 'MM-DD') not in ('12-25', '01-01')
  order by step
  limit 1
) as chosen;

-- Who plays: named for the events' pages and search data.
update public.events set performer = case slug
    when 'celtic-session-with-the-hedgerow-fiddlers' then 'The Hedgerow Fiddlers'
    when 'live-music-kettle-and-crow' then 'Kettle & Crow'
    when 'live-music-lantern-hollow' then 'Lantern Hollow'
  end
  where slug in ('celtic-session-with-the-hedgerow-fiddlers', 'live-music-kettle-and-crow',
    'live-music-lantern-hollow');

-- The championship moved a week later: it shows the date it had before.
update public.events
  set status = 'rescheduled', previous_starts_at =
    ((starts_at at time zone 'America/Toronto') - interval '7 days') at time zone 'America/Toronto'
  where slug = 'trivia-championship';

-- The trivia pitchers go with the quiz: they show only on a night it is on.
update public.specials
  set event_id = (select id from public.events where slug = 'trivia-night')
  where title = 'Trivia Night Pitchers';

-- Venue ----------------------------------------------------------------------

insert into public.venue_spaces (slug, name, summary, description, seated_capacity, standing_capacity, features, step_free, accessibility_note, photos, sort_order) values
  ('the-snug',
    'The Snug',
    'A wood-panelled private room off the main bar, with its own fireplace.',
    'The Snug is our cosiest room: panelled walls, leather banquettes and a fireplace that is lit from October to April. It has its own bar service and a TV you can plug a laptop into, so it suits birthdays, team lunches and small presentations alike.',
    24, 35,
    '{"Private fireplace","Own bar service","TV with HDMI for slides"}',
    true,
    'On the main floor, next to the accessible washroom.',
    '[{"path":"rooms/the-snug.svg","alt":"A small room with a lit brick fireplace between two red leather sofas, low tables with pints, green walls, wall lamps and a painting over the mantel."}]'::jsonb,
    10),
  ('upstairs-hall',
    'Upstairs Hall',
    'Our biggest room, with a stage, a projector and its own bar.',
    'The Upstairs Hall runs the length of the building, with tall windows over Dundas Street, a small stage and PA, and a projector and screen. With its private bar it works for weddings, fundraisers, launches and long-table dinners.',
    80, 120,
    '{"Small stage and PA","Projector and screen","Private bar"}',
    false,
    'There is no lift. Washrooms are on the main floor.',
    '[{"path":"rooms/upstairs-hall.svg","alt":"A long hall with two banquet tables set with white cloths and candles, arched windows with a sunset city view, and a small curtained stage."},{"path":"events/live-music.svg","alt":"An empty stage with an acoustic guitar, microphone stand, amp and stool under warm spotlights and string lights, a few audience silhouettes in front."},{"path":"events/trivia.svg","alt":"A big screen with a question mark and four coloured answer bars, silhouetted players, a quizmaster at a lectern, and an answer sheet and pints."}]'::jsonb,
    20),
  ('patio',
    'The Patio',
    'A string-lit patio for summer evenings, bookable for groups.',
    'The patio is open from May to October, weather permitting, with string lights overhead, umbrellas for the sun and heaters for cool evenings. Book a section for a casual get-together, or the whole patio for a bigger party.',
    40, 60,
    '{"String lights","Umbrellas","Heaters"}',
    true,
    'Through a level doorway from the main bar.',
    '[{"path":"rooms/patio.svg","alt":"An evening patio with round tables and chairs under green-and-white umbrellas, pints on the tables, string lights and planters under an orange sky."}]'::jsonb,
    30);

insert into public.venue_packages (name, description, price_cents, price_unit, minimum_guests, includes, sort_order) values
  ('Pub Platters',
    'Shareable platters brought out through the evening, for a relaxed get-together in any of our spaces.',
    2400, 'per-guest', 15,
    '{"Nachos and spinach & artichoke dip","Wings in two sauces","Mini smash burgers and falafel bites","Fries and onion rings","Vegetarian and vegan options on request"}',
    10),
  ('Grill Buffet',
    'A hot buffet from the grill for a proper meal, with dessert, for bigger groups and celebrations.',
    3800, 'per-guest', 25,
    '{"Caesar and harvest salads","Grilled chicken supreme and carved AAA beef","Grilled vegetables and a vegan grain bowl station","Garlic mash and roast potatoes","Butter tarts and sticky toffee pudding","Coffee and tea"}',
    20),
  ('Upstairs Hall Buyout',
    'The whole Upstairs Hall to yourselves for an evening, from 6 pm to close. Food and drink are extra: add a package or run a bar tab.',
    250000, 'flat', null,
    '{"Exclusive use of the Upstairs Hall from 6 pm","Private bar with a dedicated bartender","Small stage, PA and microphones","Projector and screen","An event host on the night"}',
    30);

-- Every row above is sample until staff save it from its form or remove it.
update public.menu_sections set sample = true;
update public.menu_items set sample = true;
update public.specials set sample = true;
update public.events set sample = true;
update public.venue_spaces set sample = true;
update public.venue_packages set sample = true;
update public.questions set sample = true;

-- The sample content is where the site starts, not a change anyone made:
-- Recent changes start empty. (The log's rows take the transaction's time,
-- so these are exactly the ones this seed wrote.)
delete from public.audit_log where at = now();
