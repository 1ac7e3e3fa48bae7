// Catalogue items shaped as the API answers them, for the view and data tests.
import type { AreaItem, DishItem, OfferItem, RestaurantItem } from "../../shared/schemas/catalogue-items.ts";

const location = { region: "North London", area: "Islington", regionId: 2, areaId: 5 };

export const sampleDish: DishItem = {
  id: 12,
  dishName: "Cacio e Pepe",
  restaurantId: 3,
  restaurantName: "Trattoria Upper Street",
  restaurantAddress: "14 Upper Street, London",
  restaurantLogo: "logo-3.webp",
  images: ["dish-12.webp"],
  price: 14.5,
  currency: "GBP",
  rating: 4.6,
  ratingCount: 1234,
  reviewCount: 1240,
  location,
  tags: ["Italian", "Pasta"],
  description: "Pecorino, black pepper and pasta water.",
  about: "Made to order.\n\nServed in a warm bowl.",
  communityAdded: false,
  mergedInto: null,
  allergens: null,
  diets: null,
};

export const sampleRestaurant: RestaurantItem = {
  id: 3,
  name: "Trattoria Upper Street",
  rating: 4.4,
  ratingCount: 87,
  reviewCount: 87,
  logo: "logo-3.webp",
  images: ["r-3-a.webp", "r-3-b.webp", "r-3-c.webp"],
  tags: ["Italian"],
  location,
  bookingLinks: ["https://book.example/trattoria", "https://other.example"],
  description: "A family trattoria.",
  address: "14 Upper Street",
  postCode: "N1 0PQ",
  phone: "020 7946 0000",
  openingHours: ["Monday: 11:00 AM - 9:00 PM", "Tuesday: 11:00 AM - 9:00 PM", "Sunday: Closed"],
  priceRange: "££",
  communityAdded: false,
  mergedInto: null,
  claimedAt: null,
  hours: null,
  orderingLinks: [],
};

export const sampleOffer: OfferItem = {
  id: 40,
  restaurantId: 3,
  title: "Pasta night for two",
  image: "offer-40.webp",
  imageUrl: "offer-40.webp",
  restaurantName: "Trattoria Upper Street",
  location,
  rating: 4.4,
  description: "Two pasta dishes and a bottle of wine.",
  originalPrice: 40,
  discountedPrice: 30,
  currency: "GBP",
  termsAndConditions: "Dine in only.",
  available: "Monday to Thursday, 5 pm to 9 pm",
  booking: "Booking required",
};

export const sampleArea: AreaItem = {
  id: 5,
  areaName: "Islington",
  image: "area-5.webp",
  regionId: 2,
  regionName: "North London",
  content: "Upper Street and beyond.\n\nAngel's markets.",
};
