// A review posted while the write queue is full (issue 30; the queue: issue 33, 503 with
// Retry-After): the composer says so plainly, keeps the draft, and tries once more after the
// seconds the server gave, when that is a short wait; otherwise, or when the second try is
// refused too, it asks the person to send it again.

/** The longest wait the composer sits through before trying again by itself. */
export const MAX_AUTO_RETRY_SECONDS = 30;

/**
 * Seconds from a Retry-After header (delta-seconds or an HTTP date, RFC 9110 10.2.3); null when
 * absent or unreadable. Never below 1: "0" still means the queue was full a moment ago.
 */
export function retryAfterSeconds(header: string | null, nowMs: number): number | null {
  if (header === null) return null;
  const text = header.trim();
  if (/^[0-9]{1,9}$/.test(text)) return Math.max(1, Number(text));
  // An HTTP date names its day and month; anything else ("-3", "soon") is unreadable.
  const at = /^[A-Za-z]{3}, /.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(at)) return null;
  return Math.max(1, Math.ceil((at - nowMs) / 1000));
}

const seconds = (n: number) => `${n} ${n === 1 ? "second" : "seconds"}`;

export const BUSY_MESSAGES = {
  /** Before the one automatic retry. */
  retrying: (wait: number) =>
    `Too many reviews are being saved right now. Your review is kept here, and we will try again in ${seconds(wait)}.`,
  /** The wait is long, or the retry was refused too: the person sends it again. */
  sendAgain: (wait: number | null) =>
    `Too many reviews are being saved right now. Your review is kept here: please send it again${
      wait === null ? " in a moment" : ` in ${seconds(wait)}`
    }.`,
} as const;
