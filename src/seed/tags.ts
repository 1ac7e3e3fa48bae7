// The tag vocabulary (spec point 9 allows 193 tags in forms). Each tag's imageURL is an emoji.
// Names the home page asks for by name ("Burgers", "Japanese", "Italian", "Chinese", "Indian",
// "Dumplings", "Tacos", "Coffee") must stay spelled exactly like this.

export type TagKind = "cuisine" | "dish" | "dietary" | "style";

export interface TagSeed {
  name: string;
  emoji: string;
  kind: TagKind;
}

function list(kind: TagKind, text: string): TagSeed[] {
  return text
    .trim()
    .split("\n")
    .map((line) => {
      const [name, emoji] = line.trim().split("|");
      return { name: name!.trim(), emoji: emoji!.trim(), kind };
    });
}

export const HOME_TAG_NAMES = ["Burgers", "Japanese", "Italian", "Chinese", "Indian", "Dumplings", "Tacos", "Coffee"] as const;

export const TAGS: TagSeed[] = [
  ...list(
    "cuisine",
    `
    Italian|🍝
    Japanese|🍣
    Chinese|🥡
    Indian|🍛
    Thai|🥥
    Mexican|🌮
    Turkish|🥙
    Lebanese|🧆
    Korean|🥢
    Vietnamese|🍜
    Ethiopian|🫓
    Caribbean|🌴
    Greek|🫒
    Spanish|🥘
    French|🥐
    British|🫖
    Peruvian|🌽
    American|🍔
    Middle Eastern|🧆
    Nigerian|🍲
    Ghanaian|🍲
    West African|🍚
    Pakistani|🍢
    Bangladeshi|🍛
    Sri Lankan|🥥
    Nepalese|🥟
    Malaysian|🍤
    Indonesian|🍢
    Filipino|🍖
    Taiwanese|🧋
    Cantonese|🦆
    Sichuan|🌶️
    Polish|🥟
    Portuguese|🐟
    Moroccan|🍋
    Persian|🍚
    Colombian|🫔
    Brazilian|🥩
    Argentinian|🥩
    Georgian|🧀
    Israeli|🥙
    Syrian|🫓
    Egyptian|🧆
    Afghan|🍢
    Mediterranean|🫒
    Scandinavian|🐟
    German|🥨
    Cuban|🥪
    Jamaican|🍗
    Cypriot|🧀
    Venezuelan|🫓
    Pan-Asian|🥢
    Fusion|✨
    `,
  ),
  ...list(
    "dish",
    `
    Burgers|🍔
    Pizza|🍕
    Sushi|🍣
    Ramen|🍜
    Dumplings|🥟
    Tacos|🌮
    Coffee|☕
    Curry|🍛
    Pasta|🍝
    Brunch|🍳
    Bakery|🥐
    Noodles|🍜
    Dim Sum|🥟
    Pho|🍜
    Bao|🥟
    Steak|🥩
    Fried Chicken|🍗
    Wings|🍗
    Kebab|🥙
    Falafel|🧆
    Hummus|🥣
    Mezze|🫒
    Salad|🥗
    Sandwiches|🥪
    Bagels|🥯
    Croissants|🥐
    Cakes|🍰
    Desserts|🍨
    Ice Cream|🍦
    Doughnuts|🍩
    Pancakes|🥞
    Waffles|🧇
    Tea|🍵
    Bubble Tea|🧋
    Cocktails|🍸
    Wine|🍷
    Craft Beer|🍺
    Smoothies|🥤
    Seafood|🦐
    Oysters|🦪
    Fish and Chips|🐟
    Sunday Roast|🍖
    Pies|🥧
    BBQ|🔥
    Hot Dogs|🌭
    Burritos|🌯
    Nachos|🧀
    Paella|🥘
    Tapas|🍢
    Risotto|🍚
    Biryani|🍚
    Tandoori|🍗
    Dosa|🫓
    Thali|🍛
    Jerk Chicken|🍗
    Patties|🥟
    Jollof Rice|🍚
    Injera|🫓
    Shawarma|🌯
    Poke|🐟
    Bibimbap|🍲
    Korean BBQ|🥓
    Fried Rice|🍚
    Pad Thai|🍜
    Katsu|🍛
    Tempura|🍤
    Udon|🍜
    Gyoza|🥟
    Peking Duck|🦆
    Hot Pot|🍲
    Soup|🥣
    Stew|🍲
    Ceviche|🍋
    Empanadas|🥟
    Arepas|🫓
    Churros|🍩
    Crepes|🥞
    Baklava|🍯
    Cheese|🧀
    Charcuterie|🥓
    Lobster|🦞
    Crab|🦀
    Lamb|🍖
    Beef|🐄
    Pork|🐖
    Chicken|🍗
    Rice Bowls|🍚
    Wraps|🌯
    Flatbreads|🫓
    Sourdough|🍞
    Full English|🍳
    Afternoon Tea|🫖
    Matcha|🍵
    Skewers|🍢
    Pierogi|🥟
    Momo|🥟
    Pastel de Nata|🥧
    Tagine|🍲
    Kofta|🍢
    Mac and Cheese|🧀
    `,
  ),
  ...list(
    "dietary",
    `
    Vegan|🌱
    Vegetarian|🥦
    Halal|🌙
    Kosher|🕎
    Gluten Free|🌾
    Dairy Free|🥛
    Pescatarian|🐟
    Plant Based|🌿
    Organic|🍃
    Healthy|🥗
    Spicy|🌶️
    `,
  ),
  ...list(
    "style",
    `
    Fine Dining|🍽️
    Casual Dining|🍴
    Street Food|🚚
    Fast Food|🍟
    Takeaway|🥡
    Family Friendly|👨‍👩‍👧
    Date Night|🕯️
    Late Night|🌃
    Rooftop|🏙️
    Outdoor Seating|☀️
    Dog Friendly|🐕
    Cheap Eats|💷
    Tasting Menu|📜
    Small Plates|🍢
    Gastropub|🍺
    Café|☕
    Bistro|🥖
    Wine Bar|🍷
    Cocktail Bar|🍸
    Food Hall|🏬
    Bottomless Brunch|🥂
    Group Dining|🎉
    Open Kitchen|🔥
    Counter Dining|🪑
    Canal Side|🛶
    Riverside|🌊
    Pre-Theatre|🎭
    Breakfast|🍳
    Work Friendly|💻
    `,
  ),
];
