// How old a rate may be before the page and the widget warn about it (docs/site.md).

/**
 * A Nisab valued at a rate more days before the day it is for than this is
 * warned about, counted by the API itself (nsbRateAgeDays, docs/API.md §3), so
 * the browser's clock never decides it. The daily series has gaps (GET /gaps)
 * and the history before it is monthly; a week covers a source's weekend and
 * holiday pauses. The same for today's Nisab, the hawl lookup and the widget.
 */
export const OLD_RATE_AFTER_DAYS = 7;
