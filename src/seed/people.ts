// The people of the seed: reviewers with names, bios and a voice, and the texts they write.
// Review texts are assembled from parts chosen by rating band, so a 2.0 never reads as praise.
import type { Random } from "./random.ts";

export const FIRST_NAMES = [
  "Amara", "Ben", "Chloe", "Dev", "Ella", "Femi", "Grace", "Hiro", "Isla", "Jamal", "Kiran", "Lena", "Marco",
  "Nadia", "Oscar", "Priya", "Quinn", "Rosa", "Sami", "Tara", "Umar", "Valentina", "Will", "Ximena", "Yusuf",
  "Zara", "Aisha", "Bruno", "Carys", "Dan", "Esme", "Finn", "Gabriel", "Hana", "Ivo", "Joy", "Kwame", "Lucia",
  "Mei", "Niamh", "Olu", "Pavel", "Ravi", "Sofia", "Tom", "Uma", "Viktor", "Wen", "Yara", "Zoe", "Alfie",
  "Bea", "Callum", "Daisy", "Emre", "Freya", "George", "Harriet", "Imran", "Jade", "Kofi", "Leila", "Max",
  "Nina", "Omar", "Poppy", "Rahul", "Siobhan", "Theo", "Ursula", "Vik", "Wanjiru", "Xavier", "Yasmin", "Zeynep",
];

export const LAST_NAMES = [
  "Adeyemi", "Baker", "Chen", "Da Silva", "Evans", "Fernandes", "Green", "Hussain", "Ito", "Jones", "Khan",
  "Lewis", "Mensah", "Novak", "O'Brien", "Patel", "Quayle", "Rossi", "Smith", "Taylor", "Usman", "Varga",
  "Walker", "Xu", "Young", "Zielinski", "Ahmed", "Brooks", "Campbell", "Dimitriou", "Ekwueme", "Fraser",
  "Gupta", "Hall", "Ivanova", "Jackson", "Kowalczyk", "Lam", "Murphy", "Nakamura", "Owusu", "Price",
  "Reid", "Santos", "Thompson", "Vu", "Williams", "Yilmaz", "Zhang", "Bennett", "Clarke", "Dunn",
];

const HANDLE_WORDS = [
  "eats", "foodie", "feeds", "bites", "noms", "tastes", "london", "ldn", "hungry", "table", "plates", "forks",
  "crumbs", "brunches", "slurps", "spice", "dumplings", "ramen", "pizza", "curry", "tacos", "coffee",
];

const BIO_PARTS = {
  opener: [
    "Eating my way around London one postcode at a time.",
    "Weekday spreadsheets, weekend dumplings.",
    "Professional snacker, amateur cook.",
    "Born in Lagos, raised in Peckham, fed everywhere.",
    "Chasing the perfect flat white since 2014.",
    "Ramen nerd. Will queue in the rain.",
    "I review so my group chat doesn't have to.",
    "Former chef, current eater.",
    "Mostly vegetarian, always hungry.",
    "Sunday roast evangelist.",
    "Street food over white tablecloths, usually.",
    "Nurse on nights, so I know every late kitchen in east London.",
    "Tasting menus on birthdays, kebabs on Fridays.",
    "Small plates, big opinions.",
    "Hunting down London's best bánh mì.",
    "Pastry first, questions later.",
  ],
  base: [
    "Based in {area}.",
    "{area} local.",
    "Living in {area}, working in the City.",
    "South of the river, north of the river, wherever there's food.",
    "Usually found around {area}.",
    "",
  ],
  closer: [
    "Ratings are honest, not cruel.",
    "Tips always welcome.",
    "DMs open for recommendations.",
    "No sponsored posts, ever.",
    "Photos mostly taken before I remember to take them.",
    "",
  ],
};

export function bio(random: Random, areaName: string): string {
  return [random.pick(BIO_PARTS.opener), random.pick(BIO_PARTS.base), random.pick(BIO_PARTS.closer)]
    .join(" ")
    .replace("{area}", areaName)
    .replace(/\s+/g, " ")
    .trim();
}

export function handle(random: Random, first: string, last: string): string {
  const f = first.toLowerCase().replace(/[^a-z]/g, "");
  const l = last.toLowerCase().replace(/[^a-z]/g, "");
  switch (random.int(0, 4)) {
    case 0:
      return `${f}${l}`;
    case 1:
      return `${f}_${random.pick(HANDLE_WORDS)}`;
    case 2:
      return `${f}.${l.slice(0, 1)}`;
    case 3:
      return `${random.pick(HANDLE_WORDS)}with${f}`;
    default:
      return `${f}${l.slice(0, 3)}${random.int(1, 99)}`;
  }
}

/** A rating band picks which phrases fit. */
type Band = "superb" | "good" | "mixed" | "poor";

export function ratingBand(ratingTenths: number): Band {
  if (ratingTenths >= 45) return "superb";
  if (ratingTenths >= 37) return "good";
  if (ratingTenths >= 25) return "mixed";
  return "poor";
}

const RESTAURANT_LINES: Record<Band, string[]> = {
  superb: [
    "Easily one of the best meals I've had in {area} this year.",
    "Everything about {name} just works: warm welcome, brilliant cooking, fair prices.",
    "Came for a quick bite at {name}, stayed three hours. Already planning the next visit.",
    "This is the place I'll be sending everyone who asks me where to eat {cuisine} in London.",
    "Booked {name} for a birthday and it was perfect from the first plate to the last.",
    "Service was warm without hovering and the kitchen is on serious form.",
    "Genuinely special. The kind of neighbourhood place every street in London deserves.",
  ],
  good: [
    "Really solid {cuisine} cooking at {name}, and the room has a lovely buzz.",
    "Good food, friendly staff, a bit of a wait for a table on a Friday but worth it.",
    "Nice spot in {area}. A couple of dishes were standouts, the rest were decent.",
    "Would happily come back to {name}. Portions are generous and the prices are fair for {area}.",
    "A dependable favourite now. Not flashy, just very good.",
    "Came with friends and shared everything, which is the way to do it here.",
    "Great value lunch, quick service and nothing to complain about.",
  ],
  mixed: [
    "Some hits and some misses at {name}. The starters were better than the mains.",
    "Fine, but I expected more given the queue outside.",
    "Nice room, slow service. The food was okay when it finally came.",
    "Decent enough for a weeknight in {area}, but I wouldn't cross London for it.",
    "The cooking was a bit inconsistent this time; maybe an off night.",
    "Pleasant but forgettable. Prices have crept up since my last visit.",
  ],
  poor: [
    "Disappointing visit to {name}. Food arrived lukewarm and nobody checked on us.",
    "Not for me, sadly. Under-seasoned and overpriced.",
    "Waited forty minutes for mains and half our order was wrong.",
    "I wanted to like it, but the cooking wasn't there on the night.",
  ],
};

const DISH_LINES: Record<Band, string[]> = {
  superb: [
    "The {dish} is outstanding. I'd come back just for this.",
    "Best {dish} I've had in London, no exaggeration.",
    "That {dish}! Perfectly cooked and gone in about two minutes.",
    "Order the {dish}. Then order another one.",
    "The {dish} is the reason to come here: balanced, generous and beautifully done.",
  ],
  good: [
    "The {dish} was really good, well seasoned and a generous portion.",
    "Enjoyed the {dish} a lot; would order it again.",
    "Solid {dish}. Not life-changing, but very tasty.",
    "The {dish} hit the spot after a long week.",
    "Lovely {dish}, though it could have been a touch hotter.",
  ],
  mixed: [
    "The {dish} was fine but a little bland.",
    "Good idea, slightly off execution on the {dish}.",
    "The {dish} was okay. I'd try something else next time.",
    "Portion of {dish} felt small for the price.",
  ],
  poor: [
    "The {dish} was a let-down: dry and under-seasoned.",
    "Wouldn't order the {dish} again, sadly.",
    "The {dish} came out cold and I sent it back.",
  ],
};

const EXTRAS = [
  "Booking recommended at weekends.",
  "Walk-ins welcome at the bar.",
  "Great for groups.",
  "Vegetarian friends were well looked after.",
  "Card only.",
  "Lovely terrace when the sun is out.",
  "Ask about the specials board.",
  "Staff knew the menu inside out.",
  "Good playlist too.",
  "They were happy to adjust the spice level.",
  "",
  "",
  "",
];

function fillText(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "");
}

export function restaurantReviewText(
  random: Random,
  ratingTenths: number,
  values: { name: string; area: string; cuisine: string },
): string {
  const band = ratingBand(ratingTenths);
  const lines = random.sample(RESTAURANT_LINES[band], random.int(1, 2));
  const extra = random.pick(EXTRAS);
  return fillText([...lines, extra].join(" "), values).trim();
}

export function dishReviewText(random: Random, ratingTenths: number, dish: string): string {
  const band = ratingBand(ratingTenths);
  const line = random.pick(DISH_LINES[band]);
  const extra = random.chance(0.3) ? ` ${random.pick(EXTRAS)}` : "";
  return fillText(line + extra, { dish }).trim();
}

export const COMMENTS = [
  "Adding this to my list!",
  "Went last week and loved it too.",
  "How busy was it on a Saturday?",
  "That looks incredible.",
  "Did you need to book?",
  "I always order the same thing here, need to branch out.",
  "Agree completely, the service is lovely.",
  "Hmm, my visit was nowhere near as good.",
  "Great photos!",
  "Is it good for a big group?",
  "Thanks for the tip, going Friday.",
  "This is my local and I'm glad more people are finding it.",
  "Was it spicy? Asking for a friend who can't handle heat.",
  "The queue is always worth it.",
  "Need to go back soon.",
];

export const REPLIES = [
  "Yes! You have to go.",
  "We booked about a week ahead.",
  "Walked in around 7 and waited 15 minutes.",
  "Let me know what you think!",
  "Ha, same. Creature of habit.",
  "Fair, maybe it was a good night.",
  "Thank you!",
  "Perfect for groups, they have a big table at the back.",
  "Medium spicy. They'll tone it down if you ask.",
  "Definitely, the menu changes every few weeks.",
];
