// Spec point 3: symbols for 20 known codes; an unknown code is shown as the code itself.
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  USD: "$",
  EUR: "€",
  GBP: "£",
  JPY: "¥",
  AUD: "A$",
  CAD: "C$",
  CHF: "CHF",
  CNY: "¥",
  SEK: "kr",
  NZD: "NZ$",
  MXN: "MX$",
  SGD: "S$",
  HKD: "HK$",
  NOK: "kr",
  KRW: "₩",
  TRY: "₺",
  INR: "₹",
  BRL: "R$",
  ZAR: "R",
  RUB: "₽",
};

export function currencySymbol(code: string | null | undefined): string {
  if (!code) return "£";
  return CURRENCY_SYMBOLS[code.toUpperCase()] ?? code;
}

/** "£12.50", "£12" for whole amounts; null price → null (the caller decides what to show). */
export function formatPrice(amount: number | null | undefined, code: string | null | undefined = "GBP"): string | null {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return null;
  const symbol = currencySymbol(code);
  const text = Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
  // Symbols that are letters read better with a space ("CHF 12", "kr 40").
  return /^[A-Za-z]+$/.test(symbol) ? `${symbol} ${text}` : `${symbol}${text}`;
}
