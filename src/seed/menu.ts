// Cuisines and their menus. Every restaurant in the seed cooks one cuisine and draws 10+
// dishes from its list, so dish names, prices and tags always fit the kitchen.
// Dish lines are "Name|art|low-high price in pounds|tags|description".

export type DishArt =
  | "burger"
  | "pizza"
  | "ramen"
  | "sushi"
  | "coffee"
  | "taco"
  | "dumplings"
  | "curry"
  | "pasta"
  | "salad"
  | "steak"
  | "cake"
  | "pastry"
  | "skewer"
  | "rice"
  | "soup"
  | "drink"
  | "sandwich"
  | "eggs"
  | "fried"
  | "flatbread"
  | "noodles";

export const DISH_ARTS: DishArt[] = [
  "burger", "pizza", "ramen", "sushi", "coffee", "taco", "dumplings", "curry", "pasta", "salad", "steak",
  "cake", "pastry", "skewer", "rice", "soup", "drink", "sandwich", "eggs", "fried", "flatbread", "noodles",
];

export interface DishSeed {
  name: string;
  art: DishArt;
  /** Price range in pence. */
  priceMin: number;
  priceMax: number;
  tags: string[];
  description: string;
}

export type HoursPattern = "restaurant" | "cafe" | "late" | "lunch";

export interface CuisineSeed {
  key: string;
  /** The cuisine tag every restaurant of this kind carries. */
  tag: string;
  /** Share of London's restaurants (relative). */
  weight: number;
  /** Name templates: {w} cuisine word, {k} kind of place, {s} surname, {a} adjective, {n} noun. */
  names: string[];
  words: string[];
  kinds: string[];
  /** Typical style and dietary tags; each restaurant takes a few. */
  styles: string[];
  hours: HoursPattern;
  /** Main colours of the cuisine's food and rooms, for artwork. */
  colours: string[];
  blurb: string[];
  dishes: DishSeed[];
}

function menu(text: string): DishSeed[] {
  return text
    .trim()
    .split("\n")
    .map((line) => {
      const [name, art, price, tags, description] = line.trim().split("|");
      const [lo, hi] = price!.split("-").map((p) => Math.round(Number(p) * 100));
      return {
        name: name!,
        art: art as DishArt,
        priceMin: lo!,
        priceMax: hi ?? lo!,
        tags: tags ? tags.split(",").map((t) => t.trim()).filter(Boolean) : [],
        description: description!,
      };
    });
}

export const CUISINES: CuisineSeed[] = [
  {
    key: "italian",
    tag: "Italian",
    weight: 10,
    names: ["Trattoria {w}", "Osteria {w}", "{w} Pizzeria", "Da {s}", "{w} & Figli", "Cucina {w}", "Bar {w}"],
    words: ["Nonna Rosa", "Vesuvio", "Lucciola", "Bottega Verde", "Basilico", "Fornaio", "Pomodoro", "Sorrentina", "Marzano", "Cinque Terre", "Lupa", "Capperi", "Santa Lucia", "Ortica", "Fiorella", "Gianni", "Tavolino", "Corvo", "Farina", "Ragusa"],
    kinds: ["Trattoria", "Osteria", "Pizzeria", "Cucina"],
    styles: ["Casual Dining", "Family Friendly", "Date Night", "Wine Bar", "Vegetarian"],
    hours: "restaurant",
    colours: ["#c0392b", "#f4d03f", "#27ae60", "#f5e6ca"],
    blurb: [
      "fresh pasta rolled every morning and pizza from a wood-fired oven",
      "regional Italian cooking, a short list of natural wines and tiramisu made to a family recipe",
      "Neapolitan pizza with a 48-hour dough and pasta dishes that change with the market",
    ],
    dishes: menu(`
      Margherita Pizza|pizza|9-13|Pizza,Vegetarian|San Marzano tomato, fior di latte and basil on a blistered sourdough base.
      Diavola Pizza|pizza|11-15|Pizza,Spicy|Tomato, mozzarella, spicy salami and chilli honey.
      Quattro Formaggi Pizza|pizza|12-16|Pizza,Vegetarian,Cheese|Mozzarella, gorgonzola, fontina and parmesan, no tomato.
      Nduja and Burrata Pizza|pizza|13-17|Pizza,Spicy|Calabrian nduja, torn burrata and wild rocket.
      Cacio e Pepe|pasta|11-15|Pasta,Vegetarian|Tonnarelli tossed with pecorino and cracked black pepper.
      Spaghetti Carbonara|pasta|12-16|Pasta|Guanciale, egg yolk, pecorino and black pepper, no cream.
      Pappardelle Beef Shin Ragù|pasta|14-19|Pasta|Slow-cooked beef shin ragù on wide ribbons of egg pasta.
      Linguine alle Vongole|pasta|15-21|Pasta,Seafood|Clams, white wine, garlic, chilli and parsley.
      Pumpkin Ravioli with Sage Butter|pasta|13-17|Pasta,Vegetarian|Roast pumpkin and amaretti ravioli in brown butter and sage.
      Lasagne al Forno|pasta|13-17|Pasta|Layers of beef and pork ragù, béchamel and parmesan, baked until crisp at the edges.
      Wild Mushroom Risotto|rice|14-18|Risotto,Vegetarian,Gluten Free|Carnaroli rice with porcini, thyme and aged parmesan.
      Burrata with Heritage Tomatoes|salad|9-13|Cheese,Vegetarian,Gluten Free|Creamy burrata, heritage tomatoes, basil oil and sea salt.
      Arancini|fried|6-8|Vegetarian|Crisp saffron rice balls filled with mozzarella.
      Vitello Tonnato|steak|11-14|Gluten Free|Thin slices of rose veal with a silky tuna and caper sauce.
      Tiramisu|cake|6-8|Desserts|Mascarpone, espresso-soaked savoiardi and cocoa.
      Panna Cotta with Amarena Cherries|cake|6-8|Desserts,Gluten Free|Vanilla panna cotta with dark cherries in syrup.
      Affogato|coffee|4.5-6|Coffee,Desserts,Ice Cream|Vanilla gelato drowned in a shot of hot espresso.
      Espresso|coffee|2.2-3|Coffee|A short, dark shot of a house blend roasted in London.
      Negroni|drink|9-12|Cocktails|Gin, Campari and sweet vermouth over a single large ice cube.
    `),
  },
  {
    key: "japanese",
    tag: "Japanese",
    weight: 8,
    names: ["{w} Ramen", "Sushi {w}", "Izakaya {w}", "{w}", "{w} Kitchen", "Bar {w}"],
    words: ["Kumo", "Hanabi", "Tsuki", "Kaze", "Yuzu", "Midori", "Hoshi", "Kintsugi", "Sakura-ya", "Tanuki", "Umami-tei", "Koyo", "Nami", "Shiro", "Kuro", "Hinode", "Momiji", "Tora", "Kawa", "Ishi"],
    kinds: ["Ramen", "Sushi", "Izakaya", "Kitchen"],
    styles: ["Counter Dining", "Casual Dining", "Date Night", "Small Plates", "Pescatarian"],
    hours: "restaurant",
    colours: ["#c0392b", "#f6e7cb", "#2c3e50", "#e67e22"],
    blurb: [
      "rich tonkotsu ramen simmered for eighteen hours and a counter of seasonal sushi",
      "an izakaya menu of skewers, small plates and a long list of sake and highballs",
      "nigiri cut to order, hand rolls and donburi at a calm wooden counter",
    ],
    dishes: menu(`
      Tonkotsu Ramen|ramen|13-16|Ramen,Noodles,Soup|Creamy pork bone broth, chashu, ajitama egg and wood ear mushrooms.
      Spicy Miso Ramen|ramen|13-16|Ramen,Noodles,Spicy|Red miso broth with chilli oil, minced pork and sweetcorn.
      Shoyu Chicken Ramen|ramen|12-15|Ramen,Noodles|Clear soy chicken broth, thin noodles and slow-cooked chicken.
      Vegan Miso Ramen|ramen|12-15|Ramen,Noodles,Vegan|Shiitake and kombu broth with tofu, greens and sesame.
      Salmon Nigiri|sushi|5-7|Sushi,Pescatarian|Two pieces of Scottish salmon over seasoned rice.
      Tuna Sashimi|sushi|10-15|Sushi,Pescatarian,Gluten Free|Five slices of lean tuna with fresh wasabi.
      Dragon Roll|sushi|11-14|Sushi|Prawn tempura roll topped with avocado and eel sauce.
      Chef's Omakase Sushi Set|sushi|28-45|Sushi,Pescatarian|Twelve pieces chosen by the chef from the day's fish.
      Pork Gyoza|dumplings|6-8|Dumplings,Gyoza|Pan-fried dumplings with crisp lattice skirts and ponzu.
      Vegetable Gyoza|dumplings|6-8|Dumplings,Gyoza,Vegan|Cabbage, shiitake and chive dumplings, fried then steamed.
      Chicken Katsu Curry|curry|12-15|Katsu,Curry|Panko chicken cutlet with a mild Japanese curry and rice.
      Prawn Tempura|fried|9-12|Tempura,Seafood|Tiger prawns in a light, crackling batter with tentsuyu.
      Chicken Karaage|fried|7-9|Fried Chicken|Soy and ginger marinated fried chicken with kewpie mayo.
      Beef Yakitori|skewer|6-9|Skewers,BBQ|Charcoal-grilled skewers brushed with tare.
      Niku Udon|noodles|12-15|Udon,Noodles|Thick udon in dashi with sweet simmered beef.
      Salmon Teriyaki Don|rice|13-16|Rice Bowls,Pescatarian|Glazed salmon over rice with pickles and sesame.
      Edamame with Sea Salt|salad|4-5|Vegan,Gluten Free|Steamed young soybeans with flaky salt.
      Matcha Cheesecake|cake|6-8|Desserts,Matcha|Baked Japanese cheesecake with ceremonial matcha.
      Iced Matcha Latte|drink|4-5.5|Matcha,Tea|Whisked matcha over oat or whole milk.
    `),
  },
  {
    key: "chinese",
    tag: "Chinese",
    weight: 8,
    names: ["{w} Dumpling House", "{w} Kitchen", "{w} Noodle Bar", "Golden {w}", "{w} Garden", "{w} Dim Sum"],
    words: ["Jade", "Lotus", "Red Lantern", "Silk Road", "Bamboo", "Peony", "Pearl River", "Lucky Cat", "Five Spice", "Dragon Gate", "Plum Blossom", "Golden Crane", "Mandarin Moon", "Chopstick", "Willow", "Tea Leaf", "Panda", "Orchid", "Hundred Flavours", "Sichuan Pepper"],
    kinds: ["Kitchen", "Dumpling House", "Noodle Bar", "Dim Sum"],
    styles: ["Casual Dining", "Group Dining", "Late Night", "Takeaway", "Family Friendly"],
    hours: "late",
    colours: ["#c0392b", "#f1c40f", "#7b241c", "#fdebd0"],
    blurb: [
      "hand-made dumplings folded in the window and hand-pulled noodles",
      "Cantonese roast meats, weekend dim sum and a long menu for sharing",
      "numbing Sichuan cooking, chilli oil made in house and dumplings by the dozen",
    ],
    dishes: menu(`
      Xiao Long Bao|dumplings|7-9|Dumplings,Dim Sum|Soup dumplings with pork and a hot, gingery broth inside.
      Pork and Chive Dumplings|dumplings|7-9|Dumplings|Boiled dumplings with black vinegar and chilli oil.
      Har Gow|dumplings|6-8|Dumplings,Dim Sum,Seafood|Translucent prawn dumplings with a pleated wrapper.
      Siu Mai|dumplings|6-8|Dumplings,Dim Sum|Open pork and prawn dumplings topped with roe.
      Sichuan Wontons in Chilli Oil|dumplings|8-10|Dumplings,Sichuan,Spicy|Silky wontons in red oil with Sichuan pepper.
      Vegetable Potstickers|dumplings|6-8|Dumplings,Vegan|Pan-fried dumplings with mushroom, cabbage and glass noodles.
      Char Siu Bao|dumplings|5-7|Bao,Dim Sum|Fluffy steamed buns with honey-roast pork.
      Crispy Aromatic Duck|steak|18-30|Peking Duck,Cantonese|Half duck with pancakes, cucumber, spring onion and hoisin.
      Roast Duck on Rice|rice|11-14|Cantonese,Rice Bowls|Cantonese roast duck over rice with greens and soy.
      Dan Dan Noodles|noodles|10-13|Noodles,Sichuan,Spicy|Wheat noodles with minced pork, sesame paste and chilli oil.
      Biang Biang Noodles|noodles|11-14|Noodles,Spicy|Wide hand-pulled noodles with cumin lamb and hot oil.
      Mapo Tofu|curry|10-13|Sichuan,Spicy|Soft tofu in a fiery bean sauce with minced beef.
      Kung Pao Chicken|rice|11-14|Sichuan,Chicken,Spicy|Wok-fried chicken with dried chillies and peanuts.
      Salt and Pepper Squid|fried|9-12|Seafood|Crisp squid with garlic, chilli and spring onion.
      Egg Fried Rice|rice|4-6|Fried Rice,Vegetarian|Wok-tossed jasmine rice with egg and spring onion.
      Hot and Sour Soup|soup|5-7|Soup,Spicy|Tofu, bamboo shoots and mushrooms in a peppery broth.
      Beef Ho Fun|noodles|11-14|Noodles,Cantonese|Flat rice noodles seared in a smoking wok with beef and bean sprouts.
      Egg Custard Tarts|pastry|3-5|Desserts,Bakery|Flaky pastry cases with a wobbly egg custard.
      Jasmine Tea|drink|3-4|Tea|A pot of jasmine green tea.
    `),
  },
  {
    key: "indian",
    tag: "Indian",
    weight: 9,
    names: ["{w}", "{w} Kitchen", "The {w} Canteen", "{w} Tandoor", "{w} Brasserie", "{w} Dhaba"],
    words: ["Masala Lane", "Saffron", "Jaipur Rose", "Chai Ghar", "Tamarind Tree", "Mango Grove", "Cardamom", "Spice Route", "Kesar", "Ginger & Clove", "Bombay Light", "Monsoon", "Coriander", "Peacock", "Chilli Garden", "Haveli", "Tiffin Box", "Mirch", "Kolkata Club", "Nimbu"],
    kinds: ["Kitchen", "Canteen", "Tandoor", "Brasserie"],
    styles: ["Casual Dining", "Family Friendly", "Group Dining", "Vegetarian", "Halal"],
    hours: "restaurant",
    colours: ["#e67e22", "#f1c40f", "#c0392b", "#27ae60"],
    blurb: [
      "tandoor grills, slow-cooked curries and breads blistered to order",
      "Bombay café classics, from keema pau to black dal simmered overnight",
      "regional Indian cooking from Punjab to Kerala, with a long vegetarian list",
    ],
    dishes: menu(`
      Butter Chicken|curry|13-16|Curry,Chicken,Halal|Tandoori chicken in a silky tomato, butter and fenugreek sauce.
      Lamb Rogan Josh|curry|14-17|Curry,Lamb,Halal|Kashmiri lamb curry with dried chillies and fennel.
      Chicken Tikka Masala|curry|12-15|Curry,Chicken,Halal|Chargrilled chicken in a creamy, gently spiced masala.
      Dal Makhani|curry|9-11|Curry,Vegetarian,Gluten Free|Black lentils simmered overnight with butter and cream.
      Chana Masala|curry|8-10|Curry,Vegan,Gluten Free|Chickpeas in a tangy onion, tomato and amchur gravy.
      Palak Paneer|curry|10-13|Curry,Vegetarian,Gluten Free|Fresh paneer in a spiced spinach sauce.
      Goan Prawn Curry|curry|15-18|Curry,Seafood|Prawns in a coconut and kokum curry.
      Lamb Biryani|rice|15-19|Biryani,Lamb,Halal|Sealed pot of saffron rice and slow-cooked lamb, opened at the table.
      Chicken Tikka|skewer|8-10|Tandoori,Chicken,Halal|Yoghurt-marinated chicken from the tandoor with mint chutney.
      Tandoori Lamb Chops|skewer|14-18|Tandoori,Lamb,Halal|Four chops marinated in ginger, garlic and garam masala.
      Masala Dosa|flatbread|9-11|Dosa,Vegetarian,Gluten Free|Crisp rice and lentil crêpe with spiced potato, sambar and chutney.
      Vegetable Samosas|pastry|5-6|Vegetarian|Pastry triangles filled with spiced potato and peas.
      Onion Bhaji|fried|5-6|Vegan|Crisp gram flour fritters of sliced onion.
      Pani Puri|fried|6-7|Vegan,Street Food|Hollow puris filled with potato and tangy tamarind water.
      Garlic Naan|flatbread|3-4.5|Flatbreads,Vegetarian|Leavened bread from the tandoor brushed with garlic butter.
      Vegetarian Thali|curry|14-17|Thali,Vegetarian|A tray of three curries, dal, rice, raita, pickle and bread.
      Mango Lassi|drink|3.5-4.5|Smoothies,Vegetarian|Alphonso mango blended with yoghurt and cardamom.
      Masala Chai|coffee|2.5-3.5|Tea|Black tea brewed with milk, ginger and cardamom.
      Gulab Jamun|cake|4.5-6|Desserts,Vegetarian|Warm milk dumplings soaked in rose syrup.
    `),
  },
  {
    key: "american",
    tag: "American",
    weight: 7,
    names: ["{w} Burgers", "{w} Burger Bar", "{w} Grill", "{w} Diner", "The {w} Smokehouse", "{w} Patty Co."],
    words: ["Stack", "Smash & Co", "Copper Grill", "Dirty Bun", "Big Easy", "Lonestar", "Halfway House", "Bun Run", "Red Brick", "Night Owl", "Neon", "Ironside", "Patty Wagon", "Griddle", "Juicy Lucy", "Route 9", "Brooklyn Bridge", "Buttermilk", "Hickory", "Cheeky"],
    kinds: ["Burgers", "Grill", "Diner", "Smokehouse"],
    styles: ["Casual Dining", "Fast Food", "Late Night", "Takeaway", "Street Food"],
    hours: "late",
    colours: ["#d35400", "#f1c40f", "#6e2c00", "#fdebd0"],
    blurb: [
      "smashed patties on potato buns, crinkle fries and thick shakes",
      "dry-aged beef burgers, buttermilk fried chicken and craft beer on tap",
      "a Texan-style smoker running twelve hours a day and burgers after dark",
    ],
    dishes: menu(`
      Classic Cheeseburger|burger|10-13|Burgers,Beef|Double smashed patty, American cheese, pickles, onions and house sauce.
      Bacon Double Cheeseburger|burger|12-15|Burgers,Beef|Two patties, streaky bacon, cheese and burger sauce.
      Smoky BBQ Burger|burger|12-15|Burgers,BBQ|Beef patty, pulled brisket, onion rings and smoky sauce.
      Buttermilk Fried Chicken Burger|burger|11-13|Burgers,Fried Chicken|Crisp thigh, slaw, pickles and hot honey on a brioche bun.
      Plant Smash Burger|burger|11-13|Burgers,Vegan|A double plant-based patty with vegan cheese and pickles.
      Blue Cheese Burger|burger|12-14|Burgers,Cheese|Beef patty with Stilton, caramelised onions and rocket.
      Mushroom Swiss Burger|burger|11-13|Burgers,Vegetarian|Portobello mushroom, Swiss cheese and truffle mayo.
      Buffalo Wings|fried|8-10|Wings,Spicy|Crisp wings in hot sauce with blue cheese dip.
      Beef Brisket Plate|steak|16-20|BBQ,Beef|Twelve-hour smoked brisket with pickles and cornbread.
      Pork Ribs|steak|17-22|BBQ,Pork|A rack of hickory-smoked ribs with sticky glaze.
      Mac and Cheese|pasta|6-8|Mac and Cheese,Vegetarian|Three cheeses and a crunchy breadcrumb top.
      Loaded Fries|fried|6-8|Cheap Eats|Fries with cheese sauce, jalapeños and crispy onions.
      Chilli Dog|sandwich|8-10|Hot Dogs,Spicy|A beef frank with chilli con carne and mustard.
      Caesar Salad|salad|9-11|Salad|Cos lettuce, anchovy dressing, croutons and parmesan.
      Salted Caramel Milkshake|drink|5-6.5|Desserts,Ice Cream|Thick shake with salted caramel sauce.
      Pecan Pie|cake|5-7|Desserts,Pies|Toasted pecans in a buttery caramel filling.
    `),
  },
  {
    key: "cafe",
    tag: "Café",
    weight: 8,
    names: ["{w} Coffee", "{w} Café", "{w} Espresso Bar", "{w} Bakehouse", "{w} & Crumb", "Little {w}", "{w} Roasters"],
    words: ["Flat Iron", "Daybreak", "Magpie", "Bramble", "Hearth", "Crema", "Robin", "Kettle", "Marmalade", "Oatmeal", "Sparrow", "Tin Roof", "Juniper", "Honeycomb", "Fig Tree", "Lark", "Sunday Best", "Blue Door", "Cobble", "Copper Kettle"],
    kinds: ["Coffee", "Café", "Bakehouse", "Roasters"],
    styles: ["Café", "Breakfast", "Work Friendly", "Dog Friendly", "Vegetarian", "Bakery"],
    hours: "cafe",
    colours: ["#6f4e37", "#f5e6ca", "#c8a97e", "#3e2723"],
    blurb: [
      "single-origin espresso, sourdough toast and all-day brunch",
      "a small roastery with its own blends, pastries from the bakery next door and a sunny window seat",
      "flat whites, cinnamon buns still warm from the oven and a brunch menu that runs until three",
    ],
    dishes: menu(`
      Flat White|coffee|3.2-4|Coffee|Double ristretto with velvety steamed milk.
      Cortado|coffee|3-3.6|Coffee|Equal parts espresso and warm milk.
      Oat Latte|coffee|3.4-4.2|Coffee,Vegan|House espresso with steamed oat milk.
      Batch Brew Filter|coffee|2.8-3.5|Coffee,Vegan|Rotating single-origin filter coffee.
      Iced Long Black|coffee|3.2-3.8|Coffee,Vegan|Espresso poured over cold water and ice.
      Mocha|coffee|3.6-4.4|Coffee|Espresso, steamed milk and dark chocolate.
      Cinnamon Bun|pastry|3.2-4|Bakery,Desserts|Cardamom and cinnamon laminated dough.
      Almond Croissant|pastry|3.5-4.2|Bakery,Croissants|Twice-baked croissant with frangipane and flaked almonds.
      Pain au Chocolat|pastry|3-3.6|Bakery,Croissants|Buttery pastry rolled around dark chocolate batons.
      Avocado on Sourdough|eggs|9-12|Brunch,Vegan,Sourdough|Crushed avocado, chilli, lime and seeds on toasted sourdough.
      Shakshuka|eggs|10-13|Brunch,Vegetarian|Eggs baked in spiced tomatoes and peppers with feta and bread.
      Eggs Benedict|eggs|11-13|Brunch|Poached eggs, ham and hollandaise on an English muffin.
      Full English Breakfast|eggs|12-15|Full English,Breakfast,Brunch|Sausage, bacon, eggs, beans, mushrooms, tomato and toast.
      Buttermilk Pancakes|eggs|9-12|Pancakes,Brunch|A stack with berries, maple syrup and whipped butter.
      Banana Bread|cake|3-3.8|Bakery,Cakes|Thick slice, toasted and buttered.
      Ham and Cheese Toastie|sandwich|6.5-8|Sandwiches|Sourdough, mustard, ham and mature cheddar.
      Granola Bowl|salad|7-9|Healthy,Vegetarian|House granola, yoghurt, seasonal fruit and honey.
    `),
  },
  {
    key: "mexican",
    tag: "Mexican",
    weight: 5,
    names: ["Taquería {w}", "{w} Cantina", "{w} Tacos", "Casa {w}", "El {w}", "La {w}"],
    words: ["Luna", "Paloma", "Coyote", "Nopal", "Maíz", "Jalisco", "Oaxaqueña", "Mezcalito", "Sol de Mayo", "Chapulín", "Tlayuda", "Colibrí", "Calaca", "Frida", "Tomatillo", "Pulquería", "Cempasúchil", "Azteca", "Mariachi", "Guerrero"],
    kinds: ["Cantina", "Tacos", "Taquería"],
    styles: ["Casual Dining", "Street Food", "Group Dining", "Cocktail Bar", "Gluten Free"],
    hours: "late",
    colours: ["#27ae60", "#e74c3c", "#f39c12", "#fef5e7"],
    blurb: [
      "tortillas pressed from heritage corn nixtamalised in the kitchen",
      "Mexico City taquería classics, salsas by the spoonful and a mezcal shelf",
      "tacos al pastor carved from the trompo and margaritas with fresh lime",
    ],
    dishes: menu(`
      Tacos al Pastor|taco|9-12|Tacos,Pork|Achiote pork from the trompo, pineapple, onion and coriander.
      Carne Asada Tacos|taco|10-13|Tacos,Beef|Grilled skirt steak, salsa roja and charred spring onion.
      Baja Fish Tacos|taco|10-13|Tacos,Seafood|Beer-battered cod, chipotle mayo and pickled cabbage.
      Chicken Tinga Tacos|taco|9-11|Tacos,Chicken|Chipotle-stewed chicken with crema and queso fresco.
      Mushroom Tacos|taco|8-10|Tacos,Vegan|Chilli-roasted mushrooms, salsa verde and pickled onion.
      Birria Tacos with Consomé|taco|11-14|Tacos,Beef|Crisp beef tacos for dipping into rich consomé.
      Barbacoa Burrito|taco|10-12|Burritos|Slow-cooked beef, rice, beans and salsa in a flour tortilla.
      Guacamole and Totopos|salad|6-8|Vegan,Gluten Free|Avocado crushed to order with chips fried in-house.
      Nachos Supremos|fried|8-10|Nachos,Vegetarian|Tortilla chips, black beans, cheese, pico de gallo and jalapeños.
      Elote|skewer|5-6|Vegetarian,Street Food|Grilled corn with mayo, chilli, lime and cotija.
      Pozole Rojo|soup|10-12|Soup,Pork|Hominy and pork stew with radish, oregano and lime.
      Quesadilla de Flor de Calabaza|taco|8-10|Vegetarian|Squash blossom and Oaxaca cheese in a blue corn tortilla.
      Prawn Ceviche Tostada|taco|9-11|Ceviche,Seafood|Lime-cured prawns on a crisp tostada.
      Churros with Chocolate|pastry|5-7|Churros,Desserts|Cinnamon sugar churros with thick hot chocolate.
      Margarita|drink|9-11|Cocktails|Tequila, fresh lime and agave, salt rim optional.
      Horchata|drink|4-5|Vegan|Rice and cinnamon milk over ice.
    `),
  },
  {
    key: "british",
    tag: "British",
    weight: 7,
    names: ["The {w}", "The {w} Arms", "{w} & Sons", "The {w} Dining Rooms", "{w} Tavern", "The {w} Inn"],
    words: ["Crooked Billet", "Fox and Anchor", "Gilded Swan", "Mitre and Key", "Old Bell", "Brass Monkey", "Jolly Cooper", "Lamb and Lantern", "Three Hares", "Red Lion Yard", "Black Cat", "Drovers", "Salt Horse", "Kingfisher", "Wheatsheaf", "Blue Anchor", "Hop Pole", "Grey Heron", "Painted Pig", "Cobbler"],
    kinds: ["Arms", "Tavern", "Dining Rooms", "Inn"],
    styles: ["Gastropub", "Family Friendly", "Dog Friendly", "Group Dining", "Outdoor Seating"],
    hours: "restaurant",
    colours: ["#7b3f00", "#f5deb3", "#2e4a2e", "#b8860b"],
    blurb: [
      "Sunday roasts that sell out by three, cask ales and a fire in winter",
      "seasonal British cooking with whole animals butchered in house",
      "pies with proper pastry, fish and chips on Fridays and a beer garden out back",
    ],
    dishes: menu(`
      Roast Sirloin of Beef|steak|21-26|Sunday Roast,Beef|Rare sirloin, Yorkshire pudding, roast potatoes and gravy.
      Roast Chicken Sunday Lunch|steak|18-22|Sunday Roast,Chicken|Half a free-range chicken with bread sauce and all the trimmings.
      Nut Roast|steak|16-19|Sunday Roast,Vegetarian|Chestnut and mushroom roast with vegetarian gravy.
      Beer-Battered Fish and Chips|fried|15-19|Fish and Chips,Seafood|Haddock in ale batter, chips, mushy peas and tartare sauce.
      Steak and Ale Pie|pastry|16-19|Pies,Beef|Shortcrust pie of braised beef and stout with mash.
      Chicken, Leek and Tarragon Pie|pastry|15-18|Pies,Chicken|Puff pastry lid over creamy chicken and leeks.
      Scotch Egg|eggs|6-8|Street Food|Soft-boiled egg in sausage meat, fried crisp.
      Ploughman's Lunch|sandwich|12-14|Cheese|Cheddar, pork pie, pickles, apple and crusty bread.
      Pub Cheeseburger|burger|14-16|Burgers,Beef|Aged beef patty, cheddar, bacon jam and chips.
      Bangers and Mash|steak|13-16|Pork|Butcher's sausages, buttery mash and onion gravy.
      Welsh Rarebit|sandwich|8-10|Cheese,Vegetarian|Cheddar, ale and mustard on toasted sourdough.
      Potted Shrimps|salad|9-11|Seafood|Brown shrimps in spiced butter with toast.
      Sticky Toffee Pudding|cake|7-8.5|Desserts|Date sponge, toffee sauce and clotted cream.
      Eton Mess|cake|7-8|Desserts,Gluten Free|Meringue, strawberries and whipped cream.
      Cream Tea|pastry|9-12|Afternoon Tea,Tea|Two scones, clotted cream, jam and a pot of tea.
      Pint of London Pale Ale|drink|5.5-6.8|Craft Beer|A hoppy pale ale from a brewery in east London.
    `),
  },
  {
    key: "turkish",
    tag: "Turkish",
    weight: 4,
    names: ["{w} Ocakbaşı", "{w} Mangal", "{w} Grill", "{w} Meze", "{w} Kitchen"],
    words: ["Antep", "Anatolia", "Kapadokya", "Ege", "Bosphorus", "Lale", "Sultan", "Yildiz", "Galata", "Pera", "Izmir", "Nar", "Efes", "Marmara", "Toros", "Kervan"],
    kinds: ["Ocakbaşı", "Mangal", "Grill", "Meze"],
    styles: ["Late Night", "Halal", "Group Dining", "Casual Dining", "Takeaway"],
    hours: "late",
    colours: ["#c0392b", "#f39c12", "#5d4037", "#fdf2e9"],
    blurb: [
      "a charcoal ocakbaşı grill running from noon until late",
      "lahmacun from the stone oven, grilled meats and a table-filling meze",
      "Anatolian home cooking, fresh pide and Turkish tea on the house",
    ],
    dishes: menu(`
      Adana Kebab|skewer|14-17|Kebab,Lamb,Halal,Spicy|Hand-minced lamb with red pepper, grilled on a wide skewer.
      Chicken Shish|skewer|13-16|Kebab,Chicken,Halal|Marinated chicken thigh over charcoal with bulgur and salad.
      Lamb Beyti|skewer|15-18|Kebab,Lamb,Halal|Spiced lamb wrapped in lavash with yoghurt and tomato butter.
      Iskender Kebab|steak|15-18|Kebab,Halal|Doner over bread with tomato sauce, browned butter and yoghurt.
      Lahmacun|flatbread|5-7|Flatbreads,Halal|Thin flatbread with spiced lamb, to roll with parsley and lemon.
      Cheese Pide|flatbread|10-12|Flatbreads,Vegetarian|Boat-shaped bread with kashar cheese and egg.
      Mixed Meze|flatbread|12-16|Mezze,Hummus,Vegetarian|Hummus, cacık, ezme, tabbouleh and warm bread.
      Mercimek Soup|soup|5-6|Soup,Vegan|Red lentil soup with lemon and chilli butter.
      Imam Bayildi|curry|11-13|Vegan|Aubergine stuffed with onion, tomato and garlic, slow-cooked in olive oil.
      Halloumi Wrap|sandwich|8-10|Wraps,Vegetarian|Grilled halloumi, salad and pickles in lavash.
      Manti|dumplings|12-14|Dumplings|Tiny beef dumplings under garlic yoghurt and chilli butter.
      Pistachio Baklava|cake|5-7|Baklava,Desserts|Layers of filo with Antep pistachios and syrup.
      Künefe|cake|7-9|Desserts|Hot shredded pastry with melting cheese and syrup.
      Turkish Coffee|coffee|2.5-3.5|Coffee|Finely ground coffee brewed in a copper cezve.
      Ayran|drink|2.5-3|Vegetarian|Salted yoghurt drink.
    `),
  },
  {
    key: "thai",
    tag: "Thai",
    weight: 4,
    names: ["{w} Thai", "Baan {w}", "{w} Kitchen", "Krua {w}", "{w} Street"],
    words: ["Mali", "Siam Orchid", "Lemongrass", "Bangkok Nights", "Som Tam", "Chiang Mai", "Kaffir", "Lanna", "Tuk Tuk", "Sabai", "Pad Pad", "Isaan", "Mango Tree", "Basil Leaf", "Coconut Grove"],
    kinds: ["Thai", "Kitchen", "Street"],
    styles: ["Casual Dining", "Takeaway", "Spicy", "Family Friendly", "Gluten Free"],
    hours: "restaurant",
    colours: ["#27ae60", "#e74c3c", "#f7dc6f", "#fdfefe"],
    blurb: [
      "northern Thai grills, sticky rice and som tam pounded to order",
      "Bangkok street food and curries pounded from fresh paste",
      "fiery Isaan salads, jungle curries and Thai iced tea",
    ],
    dishes: menu(`
      Pad Thai|noodles|11-14|Pad Thai,Noodles,Seafood|Rice noodles with tamarind, prawns, egg, peanuts and lime.
      Green Curry|curry|12-15|Curry,Chicken,Spicy,Gluten Free|Chicken, Thai aubergine and basil in green curry.
      Massaman Beef Curry|curry|14-17|Curry,Beef|Slow-cooked beef shin, potato and peanuts in a rich curry.
      Jungle Curry with Tofu|curry|11-13|Curry,Vegan,Spicy|A fierce coconut-free curry of tofu and vegetables.
      Khao Soi|ramen|13-15|Noodles,Soup,Chicken|Chiang Mai curry noodle soup with crispy noodles on top.
      Tom Yum Goong|soup|9-12|Soup,Seafood,Spicy|Hot and sour prawn soup with lemongrass and galangal.
      Som Tam|salad|8-10|Salad,Vegan,Spicy|Green papaya salad pounded with lime, chilli and peanuts.
      Gai Yang|skewer|12-15|Chicken,BBQ|Isaan grilled chicken with sticky rice and jaew dipping sauce.
      Pad Kra Pao|rice|11-13|Rice Bowls,Spicy|Minced pork stir-fried with holy basil and a crispy fried egg.
      Pad See Ew|noodles|11-13|Noodles|Wide rice noodles with Chinese broccoli and soy.
      Chicken Satay|skewer|7-9|Skewers,Chicken|Grilled chicken skewers with peanut sauce.
      Pineapple Fried Rice|rice|10-12|Fried Rice,Vegetarian|Jasmine rice with pineapple, cashews and raisins.
      Mango Sticky Rice|cake|6-7|Desserts,Vegan|Ripe mango, coconut sticky rice and toasted mung beans.
      Thai Iced Tea|drink|3.5-4.5|Tea|Strong spiced tea with condensed milk over ice.
    `),
  },
  {
    key: "lebanese",
    tag: "Lebanese",
    weight: 3,
    names: ["{w}", "{w} Grill", "Beit {w}", "{w} Mezze House", "Café {w}"],
    words: ["Cedar", "Byblos", "Baalbek", "Zaatar", "Sumac", "Fairuz", "Jounieh", "Arz", "Tripoli", "Yasmine", "Mezza Luna", "Batroun", "Zahle", "Beit Jeddo"],
    kinds: ["Grill", "Mezze House"],
    styles: ["Halal", "Group Dining", "Late Night", "Vegetarian", "Casual Dining"],
    hours: "late",
    colours: ["#27ae60", "#f5f5dc", "#c0392b", "#d4ac0d"],
    blurb: [
      "a long mezze list, charcoal grills and shisha on the terrace",
      "Beirut street food, manakish from the oven and fresh juices",
    ],
    dishes: menu(`
      Hummus Beiruti|flatbread|6-8|Hummus,Mezze,Vegan|Chickpea purée with parsley, chilli and garlic.
      Baba Ghanoush|flatbread|6-8|Mezze,Vegan|Smoky aubergine, tahini and pomegranate.
      Fattoush|salad|7-9|Salad,Vegan|Crisp salad with sumac and toasted bread.
      Tabbouleh|salad|7-9|Salad,Vegan|Parsley, bulgur, tomato and lemon.
      Falafel Plate|fried|9-11|Falafel,Vegan|Crisp falafel with tahini, pickles and salad.
      Chicken Shawarma Wrap|sandwich|8-10|Shawarma,Wraps,Halal|Garlic sauce, pickles and fries rolled in thin bread.
      Lamb Kofta|skewer|14-17|Kofta,Lamb,Halal|Spiced lamb skewers with grilled tomato and onion.
      Shish Taouk|skewer|13-16|Skewers,Chicken,Halal|Chicken marinated in yoghurt, lemon and garlic.
      Mixed Grill|steak|20-26|Lamb,Chicken,Halal,BBQ|Lamb cutlets, kofta and taouk with rice.
      Za'atar Manakish|flatbread|5-7|Flatbreads,Vegan,Bakery|Flatbread with za'atar and olive oil.
      Kibbeh|fried|7-9|Lamb|Bulgur shells stuffed with spiced lamb and pine nuts.
      Halloumi with Honey|skewer|7-9|Cheese,Vegetarian|Grilled halloumi with honey and sesame.
      Knafeh|cake|7-8|Desserts|Warm cheese pastry with orange blossom syrup.
      Fresh Mint Lemonade|drink|4-5|Smoothies,Vegan|Lemons blended with mint and ice.
    `),
  },
  {
    key: "korean",
    tag: "Korean",
    weight: 3,
    names: ["{w}", "{w} BBQ", "{w} Pocha", "{w} Kitchen", "Seoul {w}"],
    words: ["Hanok", "Gangnam", "Bap", "Kimchi Pot", "Banchan", "Namu", "Dalbit", "Bom", "Haneul", "Sool", "Mandu", "Gochu", "Pojangmacha", "Jeju"],
    kinds: ["BBQ", "Pocha", "Kitchen"],
    styles: ["Group Dining", "Late Night", "Casual Dining", "Spicy", "Cocktail Bar"],
    hours: "late",
    colours: ["#c0392b", "#f39c12", "#2c3e50", "#fdedec"],
    blurb: [
      "table-top barbecue grills, banchan refilled all night and soju cocktails",
      "Korean fried chicken, bibimbap in hot stone bowls and kimchi fermented in house",
    ],
    dishes: menu(`
      Bibimbap in a Stone Bowl|rice|12-15|Bibimbap,Rice Bowls|Rice with vegetables, beef, egg and gochujang, sizzling in a hot stone bowl.
      Tofu Bibimbap|rice|11-13|Bibimbap,Vegan|Sizzling rice with marinated tofu and seasoned vegetables.
      Korean Fried Chicken|fried|12-15|Fried Chicken,Spicy|Double-fried chicken in sweet and spicy yangnyeom sauce.
      Soy Garlic Wings|fried|9-11|Wings|Crisp wings glazed in soy and garlic.
      Bulgogi|steak|14-18|Korean BBQ,Beef|Thin sliced ribeye marinated in pear and soy, grilled at the table.
      Pork Belly Samgyeopsal|steak|15-19|Korean BBQ,Pork|Thick pork belly for the grill with lettuce wraps and ssamjang.
      Kimchi Jjigae|soup|11-13|Stew,Spicy|Aged kimchi stew with pork and tofu.
      Japchae|noodles|10-12|Noodles,Vegetarian|Sweet potato glass noodles stir-fried with vegetables.
      Tteokbokki|curry|8-10|Spicy,Street Food|Chewy rice cakes in hot gochujang sauce.
      Kimchi Pancake|flatbread|8-10|Vegetarian|Crisp pancake of kimchi and spring onion.
      Pork and Kimchi Mandu|dumplings|7-9|Dumplings|Pan-fried dumplings with pork, tofu and kimchi.
      Bossam|steak|18-22|Pork|Boiled pork belly with radish kimchi and oysters.
      Bingsu|cake|7-9|Desserts,Ice Cream|Shaved milk ice with red beans and rice cakes.
      Soju Yoghurt Cocktail|drink|7-9|Cocktails|Soju shaken with yakult-style yoghurt drink.
    `),
  },
  {
    key: "vietnamese",
    tag: "Vietnamese",
    weight: 3,
    names: ["Phở {w}", "{w}", "Bánh Mì {w}", "{w} Café", "Little {w}"],
    words: ["Saigon", "Hanoi", "Hoi An", "Mekong", "Lotus Lake", "Bamboo Bridge", "Hue", "Song Que", "Tam Tam", "Co Ba", "Lantern", "Ha Long", "Dalat"],
    kinds: ["Café", "Kitchen"],
    styles: ["Casual Dining", "Cheap Eats", "Takeaway", "Healthy", "Gluten Free"],
    hours: "restaurant",
    colours: ["#27ae60", "#f4d03f", "#c0392b", "#fef9e7"],
    blurb: [
      "pho broth simmered for twelve hours and bánh mì in crackly baguettes",
      "Hanoi family recipes, fresh herbs by the plateful and Vietnamese coffee",
    ],
    dishes: menu(`
      Phở Bò|ramen|11-13|Pho,Noodles,Soup,Beef|Rare beef and brisket in clear spiced broth with herbs.
      Phở Gà|ramen|10-12|Pho,Noodles,Soup,Chicken|Chicken pho with ginger and spring onion.
      Bún Chả|noodles|11-13|Noodles,Pork|Grilled pork patties with vermicelli and dipping broth.
      Bún Bò Huế|ramen|12-14|Noodles,Soup,Spicy|Spicy lemongrass beef noodle soup from Hue.
      Lemongrass Chicken Bánh Mì|sandwich|7-9|Sandwiches,Chicken|Crackly baguette, pâté, pickles, chilli and coriander.
      Tofu Bánh Mì|sandwich|6.5-8|Sandwiches,Vegan|Crisp tofu with pickles and vegan mayo.
      Summer Rolls|sushi|6-8|Healthy,Seafood,Gluten Free|Rice paper rolls with prawns, herbs and peanut sauce.
      Crispy Spring Rolls|fried|6-7|Pork|Pork and glass noodle rolls with nuoc cham.
      Cơm Tấm|rice|12-14|Rice Bowls,Pork|Broken rice with grilled pork chop, egg and pickles.
      Bò Lúc Lắc|steak|15-18|Beef|Shaking beef with watercress, tomato and lime pepper.
      Caramel Claypot Fish|rice|14-16|Seafood,Pescatarian|Catfish braised in caramel and fish sauce.
      Vietnamese Iced Coffee|coffee|3.5-4.5|Coffee|Phin-dripped coffee over condensed milk and ice.
      Egg Coffee|coffee|4-5|Coffee,Desserts|Hanoi-style coffee under whipped egg yolk cream.
    `),
  },
  {
    key: "french",
    tag: "French",
    weight: 3,
    names: ["Bistro {w}", "Brasserie {w}", "Le {w}", "La {w}", "Chez {s}"],
    words: ["Petit Jardin", "Marronnier", "Bouchon", "Rive Gauche", "Comptoir", "Papillon", "Cerise", "Vieux Port", "Tournesol", "Lapin Agile", "Belle Époque", "Moulin", "Poisson Rouge", "Bonne Mine"],
    kinds: ["Bistro", "Brasserie"],
    styles: ["Bistro", "Date Night", "Fine Dining", "Wine Bar", "Pre-Theatre"],
    hours: "restaurant",
    colours: ["#1f3a93", "#f5f5f5", "#c0392b", "#d4ac0d"],
    blurb: [
      "a Parisian brasserie menu, zinc bar and an all-French wine list",
      "Lyonnais bistro cooking, steak frites and crème brûlée",
    ],
    dishes: menu(`
      Steak Frites|steak|22-28|Steak,Beef|Bavette with béarnaise and thin fries.
      Moules Marinière|soup|15-18|Seafood|Mussels in white wine, shallots and cream with frites.
      Coq au Vin|curry|18-22|Chicken|Chicken braised in Burgundy with lardons and mushrooms.
      Duck Confit|steak|19-23|Gluten Free|Crisp duck leg, Puy lentils and mustard.
      French Onion Soup|soup|8-10|Soup,Vegetarian,Cheese|Caramelised onion soup under a gruyère crouton.
      Croque Monsieur|sandwich|10-12|Sandwiches,Cheese|Ham, gruyère and béchamel, toasted and grilled.
      Niçoise Salad|salad|13-15|Salad,Pescatarian|Seared tuna, egg, olives, beans and anchovy.
      Escargots de Bourgogne|salad|10-12|Gluten Free|Snails baked in garlic and parsley butter.
      Steak Tartare|steak|15-19|Beef|Hand-cut beef with capers, cornichons and a quail yolk.
      Bouillabaisse|soup|24-30|Seafood,Stew|Provençal fish stew with rouille and croutons.
      Crème Brûlée|cake|7-8|Desserts,Gluten Free|Vanilla custard under burnt sugar.
      Tarte Tatin|cake|8-9|Desserts|Caramelised apple tart with crème fraîche.
      Butter Croissant|pastry|2.8-3.5|Croissants,Bakery|Laminated with Normandy butter.
      Glass of Côtes du Rhône|drink|7-9|Wine|A juicy southern French red.
    `),
  },
  {
    key: "spanish",
    tag: "Spanish",
    weight: 3,
    names: ["Bar {w}", "Taberna {w}", "{w} Tapas", "Casa {w}", "El {w}"],
    words: ["Morena", "Jamonero", "Sevillana", "Manchego", "Pimentón", "Alhambra", "Sardinero", "Bodega Azul", "Castellana", "Navarra", "Golondrina", "Txoko", "Galicia", "Triana"],
    kinds: ["Tapas", "Taberna", "Bar"],
    styles: ["Small Plates", "Wine Bar", "Counter Dining", "Date Night", "Group Dining"],
    hours: "late",
    colours: ["#c0392b", "#f1c40f", "#784212", "#fdf2e9"],
    blurb: [
      "tapas at the bar, jamón carved to order and sherry from the barrel",
      "Basque pintxos, charcoal-grilled fish and a long list of Spanish wines",
    ],
    dishes: menu(`
      Patatas Bravas|fried|6-7|Tapas,Vegan|Crisp potatoes with spicy brava sauce and aioli.
      Gambas al Ajillo|soup|9-11|Tapas,Seafood|Prawns sizzling in garlic and chilli oil.
      Tortilla Española|eggs|7-9|Tapas,Vegetarian|Thick potato and onion omelette, soft in the middle.
      Jamón Ibérico de Bellota|steak|14-20|Charcuterie,Gluten Free|Acorn-fed ham carved by hand.
      Croquetas de Jamón|fried|7-8|Tapas|Creamy ham croquettes.
      Pimientos de Padrón|salad|6-7|Tapas,Vegan|Blistered green peppers with sea salt.
      Pulpo a la Gallega|steak|13-16|Tapas,Seafood|Octopus with paprika, olive oil and potato.
      Seafood Paella|rice|18-24|Paella,Seafood|Saffron rice with prawns, mussels and squid (per person).
      Chorizo al Vino|skewer|8-9|Tapas,Pork|Chorizo cooked in red wine.
      Pan con Tomate|flatbread|4-5|Tapas,Vegan|Toast rubbed with tomato, garlic and olive oil.
      Iberico Pork Presa|steak|18-22|Pork|Marbled pork shoulder grilled pink.
      Basque Cheesecake|cake|7-8|Desserts,Cakes|Burnt-top cheesecake, creamy inside.
      Churros con Chocolate|pastry|6-7|Churros,Desserts|Fried dough with thick hot chocolate.
      Glass of Fino Sherry|drink|5-7|Wine|Bone-dry, chilled sherry.
    `),
  },
  {
    key: "greek",
    tag: "Greek",
    weight: 2.5,
    names: ["{w} Taverna", "Kouzina {w}", "{w} Souvlaki", "The {w}", "Estiatorio {w}"],
    words: ["Olive Branch", "Kalimera", "Santorini", "Ithaca", "Aegean", "Meltemi", "Lemonia", "Filos", "Psaras", "Naxos", "Kefalonia", "Agora"],
    kinds: ["Taverna", "Souvlaki"],
    styles: ["Casual Dining", "Family Friendly", "Outdoor Seating", "Vegetarian", "Group Dining"],
    hours: "restaurant",
    colours: ["#2e86c1", "#fdfefe", "#27ae60", "#f4d03f"],
    blurb: [
      "grilled souvlaki, village salads and ouzo on ice",
      "a Cypriot family taverna with slow-cooked kleftiko and a charcoal grill",
    ],
    dishes: menu(`
      Chicken Souvlaki Pitta|sandwich|8-10|Skewers,Wraps,Chicken|Grilled chicken, tzatziki, tomato, onion and chips in pitta.
      Pork Gyros Plate|steak|12-14|Kebab,Pork|Shaved pork, pitta, tzatziki and fries.
      Lamb Kleftiko|steak|18-22|Lamb,Gluten Free|Lamb shoulder slow-cooked with lemon, oregano and potatoes.
      Moussaka|pasta|14-16|Lamb|Aubergine, spiced lamb and béchamel, baked.
      Spanakopita|pastry|7-9|Vegetarian,Bakery|Spinach and feta in crisp filo.
      Horiatiki Salad|salad|9-11|Salad,Vegetarian,Gluten Free|Tomato, cucumber, olives, onion and a slab of feta.
      Grilled Halloumi|skewer|7-9|Cheese,Vegetarian|Cypriot halloumi with lemon.
      Taramasalata with Pitta|flatbread|6-7|Mezze|Smoked cod roe dip.
      Tzatziki with Pitta|flatbread|5-6|Mezze,Vegetarian|Yoghurt, cucumber and garlic.
      Grilled Octopus|steak|14-17|Seafood,Gluten Free|Charred octopus with fava purée.
      Loukoumades|pastry|6-7|Desserts,Doughnuts|Honey doughnuts with cinnamon and walnuts.
      Greek Yoghurt with Honey|cake|5-6|Desserts,Vegetarian|Thick yoghurt, thyme honey and walnuts.
      Freddo Espresso|coffee|3.2-3.8|Coffee|Espresso shaken over ice.
    `),
  },
  {
    key: "caribbean",
    tag: "Caribbean",
    weight: 3,
    names: ["{w} Kitchen", "{w} Jerk Centre", "Island {w}", "{w} Shack", "Mama {s}'s"],
    words: ["Yard", "Scotch Bonnet", "Trenchtown", "Sorrel", "Blue Mountain", "Calypso", "Pimento", "Ackee Tree", "Dutch Pot", "Rum Punch", "Negril", "Sunsplash"],
    kinds: ["Kitchen", "Shack"],
    styles: ["Takeaway", "Casual Dining", "Spicy", "Street Food", "Halal"],
    hours: "late",
    colours: ["#27ae60", "#f1c40f", "#c0392b", "#1b2631"],
    blurb: [
      "jerk chicken over pimento wood, curry goat and rum punch",
      "Trinidadian doubles, roti and Jamaican patties baked daily",
    ],
    dishes: menu(`
      Jerk Chicken with Rice and Peas|rice|11-14|Jerk Chicken,Chicken,Jamaican,Spicy|Half a chicken smoked over pimento wood with rice and peas.
      Curry Goat|curry|13-16|Curry,Jamaican|Slow-cooked goat on the bone with rice and peas.
      Oxtail Stew|curry|15-18|Stew|Rich oxtail with butter beans and dumplings.
      Ackee and Saltfish|eggs|12-14|Jamaican,Seafood|Jamaica's national dish with fried dumplings.
      Beef Patty|pastry|3-4.5|Patties,Jamaican|Flaky turmeric pastry with spiced beef.
      Callaloo Patty|pastry|3-4|Patties,Vegan|Flaky pastry filled with callaloo greens.
      Doubles|flatbread|4-5.5|Vegan,Street Food|Two bara breads with curried chickpeas and tamarind.
      Chicken Roti|flatbread|10-12|Curry,Chicken|Curried chicken wrapped in buss-up-shut roti.
      Brown Stew Fish|curry|14-17|Seafood|Red snapper in a thick brown stew with festival.
      Fried Plantain|fried|4-5|Vegan,Gluten Free|Sweet, caramelised plantain.
      Jerk Pork Belly|steak|13-15|BBQ,Pork,Spicy|Crisp pork belly with jerk glaze.
      Rum Cake|cake|5-6|Desserts,Cakes|Dark fruit cake soaked in rum.
      Sorrel Punch|drink|3.5-5|Vegan|Hibiscus, ginger and spice.
    `),
  },
  {
    key: "ethiopian",
    tag: "Ethiopian",
    weight: 1.5,
    names: ["{w}", "{w} Ethiopian Kitchen", "Café {w}", "{w} Injera House"],
    words: ["Lalibela", "Addis", "Gondar", "Blue Nile", "Axum", "Harar", "Selam", "Zeni", "Buna", "Tana"],
    kinds: ["Kitchen", "Injera House"],
    styles: ["Vegan", "Group Dining", "Casual Dining", "Spicy", "Gluten Free"],
    hours: "restaurant",
    colours: ["#e67e22", "#c0392b", "#f4d03f", "#6e2c00"],
    blurb: [
      "sharing platters on sour injera and a full coffee ceremony",
      "vegan fasting platters of wots and greens, and tibs sizzled in clay pots",
    ],
    dishes: menu(`
      Beyaynetu Vegan Platter|flatbread|14-17|Injera,Vegan,Gluten Free|Misir, shiro, gomen and cabbage wots on injera.
      Doro Wat|curry|14-16|Injera,Chicken,Spicy|Chicken and egg stewed in berbere and spiced butter.
      Lamb Tibs|steak|14-17|Lamb,Injera|Cubes of lamb sautéed with rosemary, onion and chilli.
      Misir Wot|curry|10-12|Curry,Vegan,Injera|Red lentils in berbere sauce.
      Shiro|curry|10-12|Vegan,Injera|Smooth chickpea flour stew.
      Kitfo|steak|15-18|Beef|Minced beef with mitmita and spiced butter, raw or lightly cooked.
      Gomen|salad|8-10|Vegan,Gluten Free|Collard greens with garlic and ginger.
      Sambusa|pastry|5-6|Vegan|Crisp pastries filled with spiced lentils.
      Ethiopian Coffee Ceremony|coffee|6-9|Coffee|Beans roasted at the table and brewed in a jebena.
      Tej|drink|6-7|Wine|Honey wine flavoured with gesho.
      Injera Firfir|flatbread|10-12|Injera|Torn injera tossed in spiced sauce for breakfast.
    `),
  },
  {
    key: "nigerian",
    tag: "Nigerian",
    weight: 2,
    names: ["{w} Kitchen", "Buka {w}", "{w} Grill", "Mama {s}'s"],
    words: ["Jollof Pot", "Lagos", "Suya Spot", "Ibadan", "Calabar", "Ofada", "Eko", "Naija Spice", "Owambe", "Abuja"],
    kinds: ["Kitchen", "Grill"],
    styles: ["Spicy", "Group Dining", "Takeaway", "Casual Dining", "Halal"],
    hours: "late",
    colours: ["#27ae60", "#e74c3c", "#f39c12", "#fdfefe"],
    blurb: [
      "smoky party jollof, suya from the grill and pounded yam with egusi",
      "Lagos street food, peppered meats and palm wine cocktails",
    ],
    dishes: menu(`
      Party Jollof Rice with Chicken|rice|12-15|Jollof Rice,Chicken,West African,Spicy|Smoky tomato rice with grilled chicken and plantain.
      Beef Suya|skewer|10-13|Skewers,Beef,Spicy,BBQ|Thin beef skewers coated in yaji spice and grilled.
      Egusi Soup with Pounded Yam|soup|14-17|Soup,Stew,West African|Melon seed and spinach stew with smooth pounded yam.
      Pepper Soup|soup|10-12|Soup,Spicy|Goat pepper soup with uziza and scent leaf.
      Ofada Rice and Ayamase|rice|13-15|Rice Bowls,Spicy|Local rice with green pepper stew.
      Puff Puff|pastry|4-5|Desserts,Doughnuts,Vegan|Sweet fried dough balls.
      Moi Moi|salad|5-6|Vegetarian|Steamed bean pudding with peppers.
      Fried Plantain (Dodo)|fried|4-5|Vegan,Gluten Free|Caramelised ripe plantain.
      Asun|steak|12-14|Spicy|Peppered smoked goat.
      Chin Chin|cake|3-4|Desserts|Crunchy fried dough bites.
      Chapman|drink|4-5|Cocktails|Fruity Nigerian mocktail with bitters.
      Fried Fish with Yam Chips|fried|13-15|Seafood|Whole croaker with fried yam and pepper sauce.
    `),
  },
  {
    key: "peruvian",
    tag: "Peruvian",
    weight: 1.2,
    names: ["{w}", "{w} Cebichería", "Pisco {w}", "{w} Andes"],
    words: ["Inca Sol", "Lima Lima", "Amaru", "Cusqueña", "Nazca", "Titicaca", "Chala", "Quinua", "Tumi", "Leche de Tigre"],
    kinds: ["Cebichería", "Kitchen"],
    styles: ["Date Night", "Small Plates", "Cocktail Bar", "Gluten Free", "Pescatarian"],
    hours: "restaurant",
    colours: ["#e74c3c", "#f4d03f", "#8e44ad", "#fdfefe"],
    blurb: [
      "ceviche cured to order, anticuchos over charcoal and pisco sours",
      "Nikkei cooking that mixes Peru and Japan, with tiradito and maki",
    ],
    dishes: menu(`
      Sea Bass Ceviche|salad|12-15|Ceviche,Seafood,Gluten Free|Sea bass in leche de tigre with sweet potato and corn.
      Tuna Tiradito|sushi|12-14|Ceviche,Seafood|Thin tuna slices with yellow chilli and lime.
      Anticuchos|skewer|9-11|Skewers,BBQ|Beef heart skewers with aji panca.
      Lomo Saltado|steak|17-20|Beef|Wok-fried beef, tomato, onion and chips with rice.
      Aji de Gallina|curry|14-16|Chicken|Shredded chicken in creamy yellow chilli sauce.
      Pollo a la Brasa|fried|13-16|Chicken,Gluten Free|Rotisserie chicken with aji verde.
      Causa Limeña|salad|9-11|Vegetarian,Gluten Free|Layered yellow potato with avocado.
      Chicharrón Sandwich|sandwich|9-11|Sandwiches,Pork|Crisp pork, sweet potato and salsa criolla.
      Quinoa Salad|salad|9-11|Salad,Vegan,Healthy|Andean quinoa with corn, beans and herbs.
      Beef Empanada|pastry|4-5|Empanadas|Baked pastry with spiced beef and olive.
      Picarones|pastry|6-7|Desserts,Doughnuts|Squash doughnuts with chancaca syrup.
      Pisco Sour|drink|9-11|Cocktails|Pisco, lime, sugar and egg white.
    `),
  },
  {
    key: "middle-eastern",
    tag: "Middle Eastern",
    weight: 2,
    names: ["{w}", "{w} Grill", "{w} Kitchen", "Souk {w}", "{w} Bakery"],
    words: ["Pomegranate", "Sahara", "Dukkah", "Levant", "Shuk", "Date Palm", "Rose Water", "Tahini", "Saffron Gate", "Bab Sharqi", "Laban", "Ful"],
    kinds: ["Grill", "Kitchen", "Bakery"],
    styles: ["Halal", "Vegetarian", "Casual Dining", "Takeaway", "Small Plates"],
    hours: "late",
    colours: ["#d4ac0d", "#a04000", "#27ae60", "#fef9e7"],
    blurb: [
      "pillowy pitta from the oven, charcoal grills and a table of salads",
      "Syrian, Palestinian and Israeli home cooking with plenty for vegetarians",
    ],
    dishes: menu(`
      Sabich|sandwich|8-10|Israeli,Vegetarian,Sandwiches|Fried aubergine, egg, tahini and amba in pitta.
      Lamb Shawarma Plate|steak|13-16|Shawarma,Lamb,Halal|Spit-roasted lamb with rice, salads and garlic sauce.
      Chicken Shawarma Wrap|sandwich|8-10|Shawarma,Wraps,Halal|Chicken, toum and pickles in saj bread.
      Falafel Wrap|sandwich|7-9|Falafel,Vegan,Wraps|Green falafel, hummus and salad.
      Hummus with Lamb|flatbread|9-11|Hummus,Lamb|Warm hummus topped with spiced minced lamb and pine nuts.
      Musakhan|flatbread|13-15|Chicken,Flatbreads|Roast chicken with sumac onions on taboon bread.
      Shakshuka|eggs|10-12|Brunch,Vegetarian|Eggs in spiced tomato and pepper sauce.
      Mujaddara|rice|9-11|Vegan|Rice and lentils with crisp onions.
      Lamb Kofta|skewer|13-16|Kofta,Lamb,Halal|Spiced lamb skewers with tahini.
      Roasted Cauliflower with Tahini|salad|8-10|Vegan,Gluten Free|Whole roasted cauliflower, tahini and pomegranate.
      Ka'ak Bread with Dips|flatbread|5-7|Bakery,Vegetarian|Sesame bread ring with za'atar and labneh.
      Malabi|cake|5-6|Desserts,Gluten Free|Rose milk pudding with pistachios.
      Cardamom Coffee|coffee|3-3.5|Coffee|Arabic coffee brewed with cardamom.
    `),
  },
  {
    key: "pakistani",
    tag: "Pakistani",
    weight: 2,
    names: ["{w}", "{w} Grill", "{w} Karahi House", "Lahori {w}"],
    words: ["Lahore Nights", "Karachi", "Shalimar", "Badshahi", "Peshawar", "Anarkali", "Mehran", "Chaudhry", "Indus", "Hunza"],
    kinds: ["Grill", "Karahi House"],
    styles: ["Halal", "Group Dining", "Late Night", "Cheap Eats", "Family Friendly"],
    hours: "late",
    colours: ["#1e8449", "#f39c12", "#922b21", "#fdfefe"],
    blurb: [
      "sizzling lamb chops, karahi cooked to order and fresh naan from the tandoor",
      "Lahori street food, nihari for weekend breakfast and BYO at long shared tables",
    ],
    dishes: menu(`
      Lamb Chops|skewer|12-15|Lamb,Tandoori,Halal,Spicy|Marinated chops charred on the grill.
      Lamb Karahi|curry|14-17|Curry,Lamb,Halal|Lamb cooked in a wok-like karahi with tomato and green chilli.
      Chicken Karahi|curry|12-15|Curry,Chicken,Halal|Chicken on the bone with ginger and black pepper.
      Nihari|curry|13-15|Stew,Beef,Halal|Slow-cooked beef shank in a rich spiced gravy.
      Seekh Kebab|skewer|7-9|Kebab,Halal|Minced lamb skewers with coriander.
      Chicken Biryani|rice|11-14|Biryani,Chicken,Halal|Layered rice with spiced chicken and fried onions.
      Haleem|soup|9-11|Stew,Halal|Wheat, lentils and beef pounded together for hours.
      Chapli Kebab|burger|8-10|Kebab,Halal|Peshawari flat minced beef patties with pomegranate seeds.
      Tandoori Naan|flatbread|2-3|Flatbreads,Vegan|Fresh from the clay oven.
      Daal Tarka|curry|8-9|Curry,Vegan|Yellow lentils with a sizzling garlic tarka.
      Samosa Chaat|fried|6-7|Street Food,Vegetarian|Samosas with chickpeas, yoghurt and chutneys.
      Kheer|cake|4-5|Desserts,Gluten Free|Rice pudding with cardamom and pistachios.
      Kashmiri Chai|coffee|3-3.5|Tea|Pink tea with pistachios.
    `),
  },
  {
    key: "bangladeshi",
    tag: "Bangladeshi",
    weight: 1.5,
    names: ["{w}", "{w} Curry House", "{w} Balti House", "The {w}"],
    words: ["Sylhet", "Dhaka Tiffin", "Sonargaon", "Padma", "Rupchanda", "Kolkata Sky", "Shapla", "Meghna", "Jamuna", "Sundarban"],
    kinds: ["Curry House", "Balti House"],
    styles: ["Casual Dining", "Halal", "Takeaway", "Family Friendly", "Spicy"],
    hours: "late",
    colours: ["#1e8449", "#c0392b", "#f39c12", "#fdfefe"],
    blurb: [
      "Sylheti home cooking alongside the curry-house classics",
      "fish curries from the Bay of Bengal and a late-night curry-house menu",
    ],
    dishes: menu(`
      Chicken Jalfrezi|curry|11-13|Curry,Chicken,Spicy,Halal|Chicken with peppers, onions and green chillies.
      Lamb Bhuna|curry|12-14|Curry,Lamb,Halal|Dry, deeply spiced lamb curry.
      Beef Shatkora|curry|12-15|Curry,Beef,Halal|Beef curry with the citrus shatkora fruit from Sylhet.
      Fish Bhuna|curry|13-15|Curry,Seafood|Bengal fish in a thick, spiced sauce.
      Chicken Korma|curry|10-12|Curry,Chicken|Mild and creamy with coconut and almonds.
      Prawn Puri|flatbread|6-8|Seafood|Spiced prawns on fried puri bread.
      Vegetable Biryani|rice|10-12|Biryani,Vegetarian|Basmati with mixed vegetables and a vegetable curry.
      Chicken Tikka|skewer|7-9|Tandoori,Chicken,Halal|Tandoor-cooked chicken pieces.
      Onion Bhaji|fried|4-5|Vegan|Gram flour fritters.
      Peshwari Naan|flatbread|3-4|Flatbreads,Vegetarian|Sweet naan with coconut and almonds.
      Bombay Aloo|curry|5-6|Vegan,Curry|Spiced potatoes with cumin and tomato.
      Mishti Doi|cake|4-5|Desserts|Sweet set yoghurt.
    `),
  },
  {
    key: "srilankan",
    tag: "Sri Lankan",
    weight: 1.5,
    names: ["{w}", "{w} Hoppers", "{w} Kitchen", "Café {w}"],
    words: ["Colombo", "Jaffna", "Kandy", "Galle Fort", "Lanka Spice", "Serendib", "Kottu Corner", "Ceylon", "Arugam", "Nuwara"],
    kinds: ["Hoppers", "Kitchen"],
    styles: ["Spicy", "Casual Dining", "Cheap Eats", "Vegetarian", "Takeaway"],
    hours: "restaurant",
    colours: ["#f39c12", "#c0392b", "#27ae60", "#fdfefe"],
    blurb: [
      "egg hoppers, kottu chopped on the griddle and black pork curry",
      "Tamil and Sinhalese home cooking, string hoppers and fiery sambols",
    ],
    dishes: menu(`
      Egg Hopper|flatbread|5-7|Vegetarian,Gluten Free|Bowl-shaped rice pancake with a soft egg and sambols.
      Chicken Kottu Roti|noodles|10-12|Chicken,Spicy|Chopped roti stir-fried with chicken, egg and curry.
      Black Pork Curry|curry|13-15|Curry,Pork,Spicy|Pork in dark roasted spices and tamarind.
      Jaffna Crab Curry|curry|18-24|Curry,Crab,Seafood,Spicy|Whole crab in a fiery Jaffna curry.
      Dhal Curry|curry|7-9|Curry,Vegan|Red lentils with coconut milk and curry leaves.
      String Hoppers|noodles|8-10|Vegan,Gluten Free|Steamed rice noodle nests with coconut sambol and curry.
      Lamprais|rice|14-16|Rice Bowls|Rice and curries baked in a banana leaf.
      Devilled Prawns|fried|12-14|Seafood,Spicy|Prawns tossed with chilli, peppers and onion.
      Mutton Rolls|fried|5-6|Street Food|Crumbed pancake rolls with spiced mutton.
      Masala Dosa|flatbread|8-10|Dosa,Vegetarian|Crisp crêpe with potato masala.
      Watalappan|cake|5-6|Desserts|Coconut and jaggery custard.
      Ceylon Tea|coffee|2.5-3|Tea|Strong black tea from the hill country.
    `),
  },
  {
    key: "polish",
    tag: "Polish",
    weight: 1.2,
    names: ["{w}", "{w} Deli", "Bar {w}", "{w} Kitchen"],
    words: ["Pierogarnia", "Babcia", "Kraków", "Wisła", "Mazury", "Zielona", "Bursztyn", "Gdańsk", "Tatry", "Pod Lipą"],
    kinds: ["Deli", "Kitchen"],
    styles: ["Cheap Eats", "Casual Dining", "Family Friendly", "Takeaway", "Bakery"],
    hours: "restaurant",
    colours: ["#c0392b", "#fdfefe", "#784212", "#f4d03f"],
    blurb: [
      "pierogi made by hand every morning and a deli counter of smoked sausage",
      "milk-bar classics, soups and cakes like a Polish grandmother makes",
    ],
    dishes: menu(`
      Pierogi Ruskie|dumplings|9-11|Pierogi,Dumplings,Vegetarian|Potato and cheese dumplings with fried onion and sour cream.
      Meat Pierogi|dumplings|10-12|Pierogi,Dumplings|Pork and beef dumplings with crisp bacon.
      Sauerkraut and Mushroom Pierogi|dumplings|9-11|Pierogi,Dumplings,Vegan|Fried dumplings with sauerkraut and forest mushrooms.
      Żurek|soup|7-9|Soup|Sour rye soup with sausage and egg, served in a bread bowl.
      Barszcz|soup|6-7|Soup,Vegan|Clear beetroot soup with tiny mushroom dumplings.
      Schabowy|fried|13-15|Pork|Breaded pork cutlet with potatoes and cabbage salad.
      Bigos|curry|11-13|Stew,Pork|Hunter's stew of sauerkraut, meats and prunes.
      Gołąbki|steak|11-13|Beef|Cabbage rolls with rice and meat in tomato sauce.
      Placki Ziemniaczane|eggs|9-11|Vegetarian,Pancakes|Potato pancakes with sour cream.
      Kiełbasa with Mustard|sandwich|8-10|Pork,BBQ|Grilled smoked sausage with rye bread.
      Sernik|cake|4-5|Cakes,Desserts|Polish baked cheesecake.
      Pączki|pastry|2.5-3.5|Doughnuts,Bakery|Doughnuts filled with rose jam.
    `),
  },
  {
    key: "portuguese",
    tag: "Portuguese",
    weight: 1.2,
    names: ["Tasca {w}", "{w}", "Pastelaria {w}", "Casa {w}"],
    words: ["Lisboa Azul", "Alfama", "Porto Velho", "Bacalhau", "Fado", "Sardinha", "Azulejo", "Madeira", "Algarve", "Belém Doce"],
    kinds: ["Tasca", "Pastelaria"],
    styles: ["Casual Dining", "Bakery", "Café", "Wine Bar", "Family Friendly"],
    hours: "cafe",
    colours: ["#2471a3", "#fdfefe", "#f4d03f", "#c0392b"],
    blurb: [
      "custard tarts from the oven every hour and Lisbon tasca cooking",
      "grilled sardines, piri-piri chicken and vinho verde",
    ],
    dishes: menu(`
      Pastel de Nata|pastry|1.8-2.5|Pastel de Nata,Bakery,Desserts|Crisp custard tart with a scorched top.
      Piri-Piri Chicken|steak|13-16|Chicken,Spicy,Gluten Free|Half chicken grilled with chilli and lemon.
      Grilled Sardines|fried|11-13|Seafood,Gluten Free|Charcoal-grilled sardines with peppers and potatoes.
      Bacalhau à Brás|eggs|13-15|Seafood|Salt cod with straw potatoes, egg and olives.
      Francesinha|sandwich|14-16|Sandwiches,Cheese|Porto's layered sandwich under cheese and beer sauce.
      Bifana|sandwich|6-8|Sandwiches,Pork|Garlic pork steak in a soft roll.
      Caldo Verde|soup|5-6|Soup|Kale and potato soup with chouriço.
      Polvo à Lagareiro|steak|18-21|Seafood|Roasted octopus with olive oil and garlic.
      Bolo de Arroz|cake|2-2.5|Bakery,Cakes|Rice flour muffin.
      Galão|coffee|2.5-3|Coffee|Milky espresso in a tall glass.
      Bica|coffee|1.8-2.2|Coffee|Portuguese espresso.
      Glass of Vinho Verde|drink|6-7|Wine|Young, lightly fizzy white.
    `),
  },
  {
    key: "moroccan",
    tag: "Moroccan",
    weight: 1,
    names: ["{w}", "Dar {w}", "{w} Tagine", "Café {w}"],
    words: ["Marrakech", "Atlas", "Fez", "Essaouira", "Medina", "Chefchaouen", "Argan", "Riad", "Kasbah", "Zellige"],
    kinds: ["Tagine", "Café"],
    styles: ["Halal", "Group Dining", "Casual Dining", "Outdoor Seating", "Vegetarian"],
    hours: "restaurant",
    colours: ["#ca6f1e", "#1a5276", "#f4d03f", "#fdfefe"],
    blurb: [
      "tagines cooked slowly in clay, couscous on Fridays and mint tea poured from a height",
    ],
    dishes: menu(`
      Lamb Tagine with Prunes|curry|15-18|Tagine,Lamb,Halal|Lamb shoulder with prunes, almonds and honey.
      Chicken Tagine with Preserved Lemon|curry|14-16|Tagine,Chicken,Halal|Chicken with green olives and preserved lemon.
      Vegetable Couscous|rice|11-13|Vegan|Seven-vegetable couscous with chickpeas.
      Lamb Couscous Royale|rice|16-19|Lamb,Halal|Couscous with lamb, merguez and chicken.
      Harira|soup|6-7|Soup,Vegan|Tomato, lentil and chickpea soup.
      Chicken Pastilla|pastry|12-14|Chicken|Flaky pie of chicken, almonds and cinnamon.
      Merguez Sandwich|sandwich|8-9|Sandwiches,Spicy|Spicy lamb sausages in bread with harissa.
      Zaalouk|flatbread|6-7|Vegan,Mezze|Smoky aubergine and tomato dip.
      Msemen|flatbread|4-5|Flatbreads,Vegetarian|Flaky square pancake with honey.
      Chebakia|cake|4-5|Desserts|Sesame cookies fried and soaked in honey.
      Mint Tea|drink|3-4|Tea,Vegan|Gunpowder green tea with fresh mint.
    `),
  },
  {
    key: "persian",
    tag: "Persian",
    weight: 1.2,
    names: ["{w}", "{w} Grill", "Khaneh {w}", "{w} Kitchen"],
    words: ["Shiraz", "Isfahan", "Golestan", "Tehran Nights", "Anar", "Zereshk", "Saffron Rose", "Nargess", "Mahtab", "Caspian"],
    kinds: ["Grill", "Kitchen"],
    styles: ["Halal", "Family Friendly", "Casual Dining", "Group Dining", "Gluten Free"],
    hours: "restaurant",
    colours: ["#d4ac0d", "#922b21", "#1e8449", "#fef9e7"],
    blurb: [
      "charcoal kebabs, saffron rice with crisp tahdig and fresh sangak bread",
    ],
    dishes: menu(`
      Joojeh Kebab|skewer|14-16|Kebab,Chicken,Halal|Saffron and lemon chicken with buttered rice.
      Koobideh Kebab|skewer|13-15|Kebab,Lamb,Halal|Two skewers of minced lamb and beef with grilled tomato.
      Ghormeh Sabzi|curry|13-15|Stew,Lamb|Herb stew with kidney beans and dried lime.
      Fesenjan|curry|15-17|Stew,Chicken|Chicken in a walnut and pomegranate sauce.
      Zereshk Polo|rice|13-15|Rice Bowls,Chicken|Saffron rice with barberries and chicken.
      Tahdig|rice|6-8|Vegetarian|The crisp golden crust from the bottom of the rice pot.
      Kashk-e Bademjan|flatbread|7-8|Mezze,Vegetarian|Aubergine dip with whey and mint.
      Mirza Ghasemi|flatbread|7-8|Mezze,Vegetarian|Smoked aubergine with garlic, tomato and egg.
      Sangak with Feta and Herbs|flatbread|5-7|Flatbreads,Bakery,Vegetarian|Stone-baked bread with feta, walnuts and herbs.
      Ash Reshteh|soup|7-8|Soup,Vegetarian|Noodle, herb and bean soup with kashk.
      Saffron Ice Cream|cake|5-6|Ice Cream,Desserts|Bastani with rosewater and pistachio.
      Persian Tea|coffee|2-3|Tea|Black tea with cardamom and sugar cubes.
    `),
  },
  {
    key: "colombian",
    tag: "Colombian",
    weight: 1,
    names: ["{w}", "{w} Café", "La {w}", "Arepera {w}"],
    words: ["Cartagena", "Medellín", "Paisa", "Macondo", "Cali Sabor", "Bogotá", "Guadua", "Tayrona", "Sabanera", "Chiva"],
    kinds: ["Café", "Arepera"],
    styles: ["Cheap Eats", "Casual Dining", "Family Friendly", "Café", "Gluten Free"],
    hours: "restaurant",
    colours: ["#f4d03f", "#2471a3", "#c0392b", "#fdfefe"],
    blurb: [
      "arepas off the griddle, bandeja paisa and Colombian coffee",
    ],
    dishes: menu(`
      Bandeja Paisa|steak|15-18|Beef,Pork|Beans, rice, chicharrón, chorizo, egg, plantain and avocado.
      Arepa Reina Pepiada|sandwich|8-9|Arepas,Chicken,Gluten Free|Corn arepa with chicken and avocado.
      Arepa con Queso|flatbread|5-6|Arepas,Vegetarian,Gluten Free|Griddled corn arepa with melting cheese.
      Beef Empanadas|pastry|5-6|Empanadas,Gluten Free|Crisp corn empanadas with ají.
      Ajiaco|soup|11-13|Soup,Chicken|Chicken and three-potato soup with guascas and cream.
      Sancocho|soup|11-13|Soup,Stew|Hearty soup of meat, yuca and plantain.
      Patacones|fried|5-6|Vegan,Gluten Free|Twice-fried green plantain with hogao.
      Pandebono|pastry|1.5-2.2|Bakery,Gluten Free|Cheese bread rolls.
      Tres Leches|cake|5-6|Desserts,Cakes|Sponge soaked in three milks.
      Tinto|coffee|1.8-2.5|Coffee|Small black Colombian coffee.
      Lulo Juice|drink|3.5-4.5|Smoothies,Vegan|Tangy lulo fruit blended with ice.
    `),
  },
  {
    key: "vegan",
    tag: "Vegan",
    weight: 2,
    names: ["{w}", "{w} Kitchen", "Green {w}", "{w} Plant Co."],
    words: ["Sprout", "Mossy", "Leaf & Root", "Beetroot", "Fern", "Oak & Oat", "Allotment", "Clover", "Chickpea", "Greenhouse"],
    kinds: ["Kitchen", "Plant Co."],
    styles: ["Plant Based", "Healthy", "Organic", "Casual Dining", "Gluten Free"],
    hours: "restaurant",
    colours: ["#27ae60", "#a9dfbf", "#f4d03f", "#fdfefe"],
    blurb: [
      "a fully plant-based kitchen where the burgers convince the meat eaters",
      "seasonal vegetables from Kent farms, natural wine and vegan cakes",
    ],
    dishes: menu(`
      Seitan Fried Chicken Burger|burger|12-14|Burgers,Vegan,Plant Based|Crisp seitan, slaw and sriracha mayo.
      Mushroom Smash Burger|burger|12-14|Burgers,Vegan,Plant Based|Smashed mushroom patty with vegan cheese.
      Jackfruit Tacos|taco|9-11|Tacos,Vegan|Chipotle pulled jackfruit, pink onions and lime.
      Buddha Bowl|salad|11-13|Rice Bowls,Vegan,Healthy|Quinoa, roast squash, greens, hummus and seeds.
      Cauliflower Wings|fried|7-9|Wings,Vegan,Spicy|Buffalo cauliflower with ranch.
      Vegan Mac and Cheese|pasta|9-11|Mac and Cheese,Vegan|Cashew cheese sauce and crumbs.
      Tofu Katsu Curry|curry|12-14|Katsu,Curry,Vegan|Panko tofu with curry sauce and rice.
      Vegan Full English|eggs|12-14|Full English,Brunch,Vegan|Tofu scramble, sausages, beans, mushrooms and toast.
      Lentil and Walnut Bolognese|pasta|11-13|Pasta,Vegan|Slow-cooked lentil ragù on spaghetti.
      Raw Chocolate Torte|cake|6-7|Desserts,Vegan,Gluten Free|Cacao and date torte.
      Green Smoothie|drink|5-6|Smoothies,Vegan,Healthy|Spinach, banana, mango and oat milk.
      Oat Flat White|coffee|3.4-3.9|Coffee,Vegan|With barista oat milk.
    `),
  },
];

export function cuisineByKey(key: string): CuisineSeed {
  const cuisine = CUISINES.find((c) => c.key === key);
  if (!cuisine) throw new RangeError(`Unknown cuisine ${key}`);
  return cuisine;
}
