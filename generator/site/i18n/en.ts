// English: the model catalogue. Every other language has exactly these keys
// (catalogue.ts says how to add one). Text only: markup stays in html.ts and
// main.ts, except the few keys ending in `Html`, whose values are trusted
// markup written here (links and code), never data.

/** Dates and money, used by the page and the widget alike (format.ts puts them together). */
export const calendar = {
  gregorianMonths: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  hijriMonths: [
    'Muharram',
    'Safar',
    "Rabi' al-Awwal",
    "Rabi' al-Thani",
    'Jumada al-Ula',
    'Jumada al-Akhirah',
    'Rajab',
    "Sha'ban",
    'Ramadan',
    'Shawwal',
    "Dhu al-Qi'dah",
    'Dhu al-Hijjah',
  ],
  /** 21 September 2025 */
  gregorianDate: (day: string, month: string, year: string) => `${day} ${month} ${year}`,
  /** 29 Rabi' al-Awwal 1447 AH */
  hijriDate: (day: string, month: string, year: string) => `${day} ${month} ${year} AH`,
  ummAlQura: 'Umm al-Qura',
  nigeria: 'Nigeria',
  /** The figure already grouped and with its decimals: 14,983,930.44 */
  naira: (figure: string) => `₦${figure}`,
  usd: (figure: string) => `$${figure}`,
  /** Any other currency, by its ISO code. */
  currency: (figure: string, code: string) => `${code} ${figure}`,
  groupSeparator: ',',
  decimalSeparator: '.',
  gold: 'gold',
  silver: 'silver',
};

export const page = {
  /** The title names the day of the rate, as the heading does (a title saying "today" outlives its day in a tab or a share). */
  title: (date: string) => `Gold and silver rates and Zakat Nisab on ${date}, in Naira and US dollars`,
  titleNoRate: 'Gold and silver rates and Zakat Nisab, in Naira and US dollars',
  description:
    "Today's Zakat Nisab in Naira and US dollars on the gold and silver standards, daily gold and silver rates, a zakat calculator and a free JSON API.",
  skip: 'Skip to the figures',
  brand: 'Nisab API',
  sections: 'Sections',
  navNisab: 'Nisab',
  navChart: 'Chart',
  navCalculator: 'Calculator',
  navEmbed: 'Widget',
  navApi: 'API',
  navReference: 'Reference',
  language: 'Language',
  /** The heading names the day of the rate the figures are valued at, not the build's date. */
  heading: (date: string) => `Zakat Nisab on ${date}, in Naira and US dollars`,
  headingNoRate: 'Zakat Nisab, in Naira and US dollars',
  lead: (asOf: string, timeZone: string) =>
    `From a snapshot as of ${asOf} (${timeZone}), rebuilt every night. Every figure on this page comes from the free JSON API (see the developers' page).`,
  nisabTitle: 'Nisab: the least wealth on which zakat is due',
  loading: "Loading today's figures…",
  goldStandard: 'Gold standard',
  silverStandard: 'Silver standard',
  notAvailable: 'not available',
  /** 85 g of gold at ₦176,281.53 per gram */
  thresholdAt: (grams: string, metal: string, price: string) => `${grams} g of ${metal} at ${price} per gram`,
  thresholdNoPrice: (grams: string, metal: string) => `${grams} g of ${metal}`,
  rateOf: (date: string) => `Rate of ${date}`,
  noDate: 'no date',
  hijriIn: (date: string, calendar: string) => `${date} (${calendar})`,
  priceSource: 'Price in dollars: ',
  nairaSource: 'Naira per dollar: ',
  carriedFrom: (date: string) => `, the rate of ${date}`,
  figure: {
    'daily-reference': 'reference rate of the day',
    'daily-official': 'official rate of the day',
    carried: 'official rate of an earlier working day',
    'monthly-average': 'average of the month',
    'end-of-month-official': 'official rate at the end of the month',
    manual: 'entered by hand',
    declaration: 'declared first day of a Hijri month',
    announcement: 'figures a Nigerian body announced',
    other: 'see the source',
  },
  /**
   * Past OLD_RATE_AFTER_DAYS (page/rate-age.ts): `days` is the API's nsbRateAgeDays, counted to `asOf`, the day the
   * figures are for, and `shown` that number written (a language may need the number to choose the noun's form).
   */
  stale: (date: string, _days: number, shown: string, asOf: string) =>
    `Warning: the newest gold rate is from ${date}, ${shown} days before ${asOf}, the day these figures are for. The Nisab below is valued at that rate; the market may have moved since.`,
  dollarWas: (rate: string, date: string) =>
    `One US dollar was ${rate} on ${date}. For cash and trade goods, the calculator below lets you choose the gold standard, the silver standard or the lower of the two, as published in the rules.`,
  couldNotLoad: (message: string) => `Could not load the figures: ${message}`,
  /** Today's Hijri dates, the snapshot's as-of date, where dailynisab.org's page has them (#hijri-date, #nigeria-hijri-date; CONTRACT §12). */
  todayIs: (date: string) => `Today, ${date}:`,
  /** In #nigeria-hijri-date when Nigeria's declaration of this month is not in the data. */
  nigeriaNotDeclared: 'this month is not yet declared in Nigeria',
  /** The day's price per gram, before the Nisab figures (CONTRACT §12). */
  goldPerGram: (price: string) => `Gold ${price} per gram`,
  silverPerGram: (price: string) => `silver ${price} per gram`,
  perGramOf: (date: string) => `(rate of ${date})`,
  /** Both weights of the gold Nisab on its card, each with who uses it, so a payer sees why two sites differ. */
  weightBy: (grams: string, who: string) => `${grams} g: ${who}`,
  defaultWeightBy: 'the weight NMCN uses',
  otherWeightBy: 'the weight dailynisab.org/help and many calculators use',

  /** NMCN's monthly notice, as the page shows and prints it (page/notice.ts). */
  notice: {
    nav: 'Monthly figures',
    title: "This month's figures, on NMCN's measures",
    /** The three dates of the rate the figures are valued at. */
    dated: (nigeria: string, ummAlQura: string, gregorian: string) => `${nigeria} · ${ummAlQura} · ${gregorian}`,
    nigeriaUnknown: "Nigeria: this month's declared first day is not in the data",
    intro:
      'Each month the National Moonsighting Committee of Nigeria (NMCN) publishes the Nisab of zakat (20 dinars of gold), the minimum dowry and the theft threshold (a quarter dinar) and the diyyah (1,000 dinars). Below are the same four figures computed here from the rate of the day above, with the Maliki measures in silver dirhams beside them.',
    notNmcn:
      "This is not NMCN's own notice: its figures come from its own gold price and may differ a little (1.2 % on 12 March 2021). Ask a scholar you trust about your own case.",
    colWhat: 'Figure',
    colGold: "On gold (NMCN's measure)",
    colSilver: 'On silver (the Maliki dirham measure)',
    nisab: 'Nisab of zakat',
    dowry: 'Minimum dowry (sadaq)',
    theft: 'Theft threshold (for the hadd)',
    diyyah: 'Diyyah of a man (blood money)',
    /** The measure under a figure: "20 dinars: 85 g of gold". */
    measure: (count: string, grams: string, metal: string) => `${count}: ${grams} g of ${metal}`,
    twentyDinars: '20 dinars',
    quarterDinar: 'a quarter dinar',
    thousandDinars: '1,000 dinars',
    twoHundredDirhams: '200 dirhams',
    threeDirhams: '3 dirhams',
    twelveThousandDirhams: '12,000 dirhams',
    print: 'Print this notice',
    printedFrom: (url: string) => `Printed from ${url}`,
    /** GET /announcements: the newest figure of each kind a body announced, beside ours for its day. */
    announcedTitle: 'The newest figures the bodies announced, beside ours for the same day',
    colAnnounced: 'Announced',
    colOurs: 'Ours for that day',
    colDifference: 'Difference',
    /** Who announced a figure, and the day it is for: "NMCN, 30 June 2023". */
    announcedBy: (body: string, date: string) => `${body}, ${date}`,
    bodies: { nmcn: 'NMCN', 'kano-sharia-commission': 'Kano State Sharia Commission' } as Record<string, string>,
    /** Announced above (positive) or below ours, in percent: "+3.23 %". */
    difference: (percent: string) => `${percent} %`,
    noMeasure: 'no measure stated, nothing to compare',
  },

  chartTitle: 'Gold and silver prices',
  pricePerGramIn: 'Price per gram in',
  currencyNaira: 'Naira',
  currencyUsd: 'US dollars',
  range: 'Range',
  range1m: '1 month',
  range1y: '1 year',
  range10y: '10 years',
  rangeAll: 'All',
  rangeCustom: 'Two dates',
  fromTo: 'From and to (inclusive)',
  from: 'From',
  to: 'To',
  show: 'Show',
  chartLabel: 'Chart of gold and silver prices',
  /** Markup: `code` is the query's <code> element. */
  drawnFromHtml: (code: string) => `Drawn from ${code}: the API's own range query.`,
  firstAfterSecond: 'The first date must not be after the second.',
  afterLastRate: (date: string) => `No rate after ${date}, the newest: choose an earlier first date.`,
  beforeFirstRate: (date: string) => `No rate before ${date}, the first: choose a later second date.`,
  axisDate: 'Date',
  seriesLabel: (metal: string, unit: string) => `${metal} (${unit} per gram)`,
  chartCaption: (metal: string, count: string) => `${metal}: ${count} rates`,
  chartNewest: (value: string, date: string) => `, newest ${value} per gram on ${date}`,
  goldName: 'Gold',
  silverName: 'Silver',

  calculatorTitle: 'Zakat calculator',
  calculatorIntro:
    'Runs in your browser on the published rules; nothing you type leaves this page. Zakat is due after a full lunar year (hawl) of ownership where the rule requires it; cash and trade goods are one pool.',
  rules: 'Rules',
  school: 'School',
  maliki: 'Maliki',
  hanafi: 'Hanafi',
  shafii: "Shafi'i",
  hanbali: 'Hanbali',
  calcCurrency: 'Amounts in',
  /** The Naira's choice in the calculator's currency list; the others are named by currency-names-LANG.ts. */
  calcNaira: 'NGN (Naira)',
  calcCurrencyNote: (code: string) =>
    `Cash, trade goods, the Nisab and the zakat due are in ${code}, at the API's rate of ${code} per US dollar on the day of the newest gold and silver prices.`,
  calcNoRate: (code: string) => `No rate of ${code} within 7 days of the newest gold and silver prices: the calculator stays in Naira.`,
  cashStandard: 'Nisab for cash and trade goods',
  lowerOfTwo: 'Lower of the two',
  moneyAndMetals: 'Money and metals',
  cash: 'Cash and savings (₦)',
  tradeGoods: 'Trade goods at market value (₦)',
  goldHeld: 'Gold held (grams)',
  silverHeld: 'Silver held (grams)',
  livestock: 'Livestock (animals kept, head)',
  camels: 'Camels',
  cattle: 'Cattle',
  sheepGoats: 'Sheep and goats',
  crops: 'Crops',
  harvest: 'Harvest (kg)',
  wateredBy: 'Watered by',
  rainFed: 'Rain or rivers',
  irrigated: 'Irrigation (labour or cost)',
  mixed: 'Both, half and half',
  enterHoldings: 'Enter what you hold to see what is due.',
  resultLabel: 'Zakat due, line by line',
  colWhat: 'What',
  colHeld: 'You hold',
  colNisab: 'Nisab',
  colDue: 'Due',
  colRule: 'Rule applied',
  combineNote:
    'Gold, silver, cash and trade goods are counted together the way your school does (by parts, by value, or each alone), and jewellery worn by a woman as your school says; each line of the result says how and why, with its source.',
  wornGold: 'Gold jewellery worn by a woman (grams)',
  wornSilver: 'Silver jewellery worn by a woman (grams)',
  trader: 'If you trade (Maliki)',
  mudir: 'I keep turning my stock over (mudir)',
  muhtakir: 'I hold goods and wait for a price (muhtakir)',
  sold: 'I sold the goods this year (a muhtakir: enter the price as trade goods)',
  fitrTitle: 'Zakat al-fitr',
  persons: 'People you give it for',
  source: 'source',

  embedTitle: "Today's Nisab on your website",
  embedIntro:
    'Paste these two lines where the Nisab should appear. The widget shows the gold and silver Nisab, the rate\'s date in the Gregorian and Hijri calendars and the sources, in English (data-lang="en"), Hausa ("ha"), Arabic ("ar") or Yorùbá ("yo"). It asks only this site, sets no cookie and works under a strict Content-Security-Policy.',
  /** The embedded calculator (issue 35): widget.js loads /calculator.js where a page has the element. */
  embedCalculatorIntro:
    'The zakat calculator of this page on yours: the same inputs, rules and answer, line by line with the reasons, in the language of data-lang. data-school (maliki, hanafi, shafii or hanbali) and data-currency choose what it starts with; it needs the same two directives of a Content-Security-Policy.',
  copyEmbed: 'Copy the code',
  apiTitle: 'The API: copy, paste, run',
  /** Markup: the links of the API's documents. */
  /** The unit, said where developers copy from (CONTRACT §12): one of dailynisab.org's clients read it per troy ounce. */
  apiUnit: 'drtInUSD is US dollars per gram (drtUnit); a troy ounce is 31.1034768 g. Add unit=troy-ounce for the prices per troy ounce.',
  apiIntroHtml: (alternateBase: string) =>
    `Free, read-only, no key. Every answer is <code>{"success": true, "data": …}</code> (with <code>count</code> for lists) or <code>{"success": false, "message": "…"}</code>. The same paths answer under <code>${alternateBase}</code>. The contract: <a href="/API.md">API.md</a>. Full reference: <a href="/reference.html">API reference</a> (<a href="/openapi.json">openapi.json</a>), JSON Schemas under <a href="/schemas/index.json">/schemas/</a>, and a typed JavaScript client in the repository's <code>client/</code> folder.`,
  downloadsHtml: (link: string) => `Downloads: every rate record and the daily gold and silver Nisab as CSV, a year a file (${link}).`,
  coverage: (slug: string, id: string, count: string, first: string, last: string) => `${slug} (subcategory ${id}): ${count} rates, ${first} to ${last}`,
  copyCurl: 'Copy curl',
  copyFetch: 'Copy fetch',
  copied: 'Copied',
  liveAnswer: 'Live answer',
  liveAnswerOf: (path: string) => `Live answer of ${path}`,
  answering: 'Loading…',
  answeredFromFiles: "Answered in this page from the snapshot's files (this host serves no /api/v1)",
  moreLines: (count: string) => `… ${count} more lines …`,
  couldNotAsk: (message: string) => `Could not ask: ${message}`,
  /** What each example of the endpoint table (router/endpoints.ts) asks, by its path and query; a test checks every example has one. */
  examples: {
    '/rates/latest': 'The newest gold rate (gold is the default subcategory)',
    '/rates/latest?subcategory=2': 'The newest silver rate, by its ID',
    '/rates/latest?subcategory=silver': 'The newest silver rate, by its slug',
    '/rates/latest?date=2021-03-12': 'The gold rate of 12 March 2021: the newest dated on or before it',
    '/rates/latest?hijri_date=1442-07-28': 'The gold rate of 28 Rajab 1442 (Umm al-Qura): 12 March 2021',
    '/rates?start_date=2024-01-01&end_date=2024-12-31&subcategory=1': 'Every gold rate of 2024',
    '/rates?start_date=2025-01-01': 'Every rate since 1 January 2025, gold and silver',
    '/nisab': 'Every Nisab rule, valued at the newest rate',
    '/nisab?subcategory=3': 'The rules of cash and trade goods, on the gold and the silver standard',
    '/nisab?date=2021-03-31': 'Every Nisab rule, valued as of 31 March 2021',
    '/nisab?hijri_date=1447-09-01': 'Every Nisab rule, valued as of 1 Ramadan 1447 (Umm al-Qura)',
    '/nisab?hijri_date=1443-01-01&calendar=nigeria': 'Every Nisab rule, valued as of 1 Muharram 1443 as Nigeria declared it (10 August 2021)',
    '/subcategories': 'The subcategories, their IDs and slugs',
    '/sources': 'Where every figure comes from',
    '/currencies': 'The currencies currency= takes, with their first and last dates and their sources',
    '/gaps': 'The days each daily series has no rate, so an answer on such a day can say how old its rate is',
    '/announcements': 'The figures NMCN and other Nigerian bodies announced (Nisab, dowry, theft threshold, diyyah), each beside ours for its day',
    '/calendars/nigeria': "Nigeria's Hijri months: the first day the Sultan of Sokoto declared, with its source",
    '/meta': 'The snapshot: its date, coverage per subcategory and content id',
  },

  sourcesIntroHtml: (link: string, path: string) =>
    `Where the figures come from (${link}, also <code>GET ${path}</code>, describes each; every figure above names its own):`,
  rulesNote: 'Rules: compiled from the sources each rule names. Ask a scholar you trust about your own case.',
  noscript: 'The figures above need no JavaScript; the chart, the hawl lookup and the calculator do.',
  // ---- Issue 32: the figures without scripts, offline, the printout, the developers' page (page/figures.ts, sw.ts) ----
  /** The printout's age (page/figures.ts printAge); `days` from the rate's day to `date`. */
  printout: {
    printedOn: (date: string, rateDate: string, days: number, shown: string) =>
      days === 0
        ? `Printed on ${date}, the day of the rate.`
        : `Printed on ${date}: the rate is of ${rateDate}, ${shown} ${days === 1 ? 'day' : 'days'} before.`,
    /** With scripts off the page cannot know the day it is printed: it says the day the figures are for. */
    figuresFor: (date: string, rateDate: string, days: number, shown: string) =>
      days === 0
        ? `Figures for ${date}, at the rate of that day.`
        : `Figures for ${date}, at the rate of ${rateDate}, ${shown} ${days === 1 ? 'day' : 'days'} before.`,
    stale: (_rateDate: string, days: number, shown: string) =>
      `Warning: this rate is ${shown} ${days === 1 ? 'day' : 'days'} old. Gold and silver prices move; check today's figures before you rely on these.`,
  },
  /** Shown when the page opens with no network, from what the device kept (sw.ts); `days` counted to the device's own day. */
  offline: (rateDate: string, days: number, shown: string) =>
    `You are offline: these are the figures this device kept when the page was last opened. Their rate is of ${rateDate}, ${shown} ${days === 1 ? 'day' : 'days'} before today.`,
  /** A question no network answers and this device kept no answer for (page/words.ts couldNotAsk): the years part's, the hawl lookup's. */
  notKept:
    'No network, and this device has kept no answer to this: offline it can show only what was asked here online since the site was last updated. Ask again once you are connected.',
  /**
   * Any other answer that is not 200 (a 500, an error envelope) to the years part or the hawl lookup (page/words.ts
   * couldNotAsk): the page's own words, never the API's English message; `status` the HTTP status, '' when there was none.
   */
  notAnswered: (status: string) =>
    status
      ? `The site did not answer this question (error ${status}). Ask again in a moment.`
      : 'The site did not answer this question. Ask again in a moment.',
  navSources: 'Sources',
  navDevelopers: 'For developers',
  /** The link from the payers' page to /developers/. */
  developersLink: 'For developers: the free JSON API with live examples, the widget for your website, and the full list of sources.',
  developersTitle: 'For developers: the Nisab API, the widget and the sources',
  developersDescription:
    'The free JSON API of daily gold and silver rates and Zakat Nisab rules: examples with live answers, the widget for your website, and every source.',
  backToPage: 'Back to the Nisab page',
  /** The widget under a Content-Security-Policy (test/site/widget.test.ts loads it under this very policy). */
  embedCspIntro:
    "If your site sends a Content-Security-Policy, it must allow this site in two directives: script-src (to load widget.js) and connect-src (for the figures the widget asks for). A policy of default-src 'self' becomes:",
  embedCspMeta: 'Or, if your policy is in a <meta> tag:',
};

/** The hawl lookup (page/hawl.ts, its own module assets/hawl-LANG.js, loaded at the first lookup). */
export const hawl = {
  nav: 'Hawl',
  title: 'Your hawl: the Gregorian day and the Nisab of a Hijri date',
  intro:
    "Zakat falls due when a lunar year (hawl) has passed. Enter the Hijri day your hawl ends: the page gives its Gregorian day as Nigeria declared the month (the Sultan of Sokoto, on NMCN's advice) and by the Umm al-Qura calendar, and the Nisab of that day from the API. Or enter a Gregorian day to see its Hijri date in both.",
  hijriLegend: 'A Hijri day',
  day: 'Day',
  month: 'Month',
  year: 'Year (AH)',
  findGregorian: 'Find its Gregorian day',
  gregorianLegend: 'Or a Gregorian day',
  date: 'Date',
  findHijri: 'Find its Hijri dates',
  loading: 'Looking it up…',
  badHijri: 'Enter a day from 1 to 30, a month and a four-digit year.',
  badDate: 'Enter a date.',
  colCalendar: 'Calendar',
  colHijri: 'Hijri date',
  colGregorian: 'Gregorian day',
  colGold: 'Nisab on gold',
  colSilver: 'Nisab on silver',
  /** Under a Nisab: the day of the rate it is valued at. */
  rateOf: (date: string) => `at the rate of ${date}`,
  /** After it: the rate's age on the day asked (nsbRateAgeDays); `shown` is `days` written for the language. */
  rateAge: (days: number, shown: string) => (days === 0 ? 'a rate of that day' : days === 1 ? 'a rate 1 day old' : `a rate ${shown} days old`),
  /** Past OLD_RATE_AFTER_DAYS (hawl.ts): no rate in the days between it and the day asked. */
  oldRate: (shown: string) =>
    `Warning: no rate was published in the ${shown} days since. The Nisab of that day is valued at this older rate; the market on that day may have differed.`,
  declaredBy: 'declared month, reported by',
  /** The report of a declaration in the page's words, from its record: its publisher, its day and the day declared. */
  declaration: (publisher: string, date: string | null, firstDay: string) =>
    `${publisher}${date ? `, ${date}` : ''}: the Sultan of Sokoto declares ${firstDay}`,
  unknownMonth: (month: string) => `Not known: the declared first day of ${month} is not in the data, and the page does not guess it.`,
  // True of a month still running and of one whose next declaration the data lacks (it may have ended months ago).
  unknownLength: (month: string) =>
    `Not known whether ${month} has a 30th day: that depends on the declaration of the month after it, which is not in the data.`,
  /** A month of 29 days in a calendar (its name: calendar.ummAlQura, calendar.nigeria), said of a month past or to come. */
  shortMonth: (month: string, calendar: string) => `${month} has 29 days in the ${calendar} calendar: there is no 30th.`,
  outsideTable: 'Outside the years the Umm al-Qura table covers (1300 to 1600 AH).',
  noHijri: 'not in the data',
  /** A Hijri month and year: "Ramadan 1447 AH". */
  monthYear: (month: string, year: string) => `${month} ${year} AH`,
  askedWith: 'Asked of the API:',
};

export const widget = {
  title: 'Zakat Nisab',
  /** One line: what the Nisab is and what zakat is (issue 30); the page's Nisab cards say it too. */
  explain:
    'The Nisab is the threshold: once what you own reaches it and a lunar year passes, zakat is due, a fortieth (2.5 %) of what you own, not of the Nisab.',
  on: (date: string) => `Rate of ${date}`,
  gold: (grams: string) => `Gold standard (${grams} g)`,
  silver: (grams: string) => `Silver standard (${grams} g)`,
  loading: 'Loading the Nisab…',
  failed: 'The Nisab could not be loaded.',
  sources: 'Sources: ',
  more: 'Calculator and full figures',
  /** The link that shares the text answer of the widget's language (docs/API.md §10) on WhatsApp. */
  share: 'Share on WhatsApp',
  /** Past OLD_RATE_AFTER_DAYS (page/rate-age.ts): the API's nsbRateAgeDays of the gold Nisab. */
  old: (_days: number, shown: string) => `This rate is ${shown} days old: no newer one has been published.`,
};

/**
 * Where payers already are (docs/API.md §10): the text answers (/v1/text/, written
 * by the build), the share link of the page and the widget, the calendar feed's
 * subscription and the hawl lookup's reminder (page/hawl.ts).
 */
export const reach = {
  /** The message to forward (at most 480 characters with the address). */
  message: (date: string, hijri: string, goldGrams: string, gold: string, silverGrams: string, silver: string) =>
    `Zakat Nisab on ${date} (${hijri}): ${gold} by the gold standard (${goldGrams} g), ${silver} by the silver standard (${silverGrams} g).`,
  /** After the message, always: the day of the rate it quotes (CONTRACT §13). */
  rateOf: (date: string) => `Gold and silver prices of ${date}.`,
  /** In its place when the rate is more than OLD_RATE_AFTER_DAYS old on the message's day (nsbRateAgeDays), as the page warns. */
  rateOld: (date: string, _days: number, shown: string) => `Warning: gold and silver prices of ${date}, ${shown} days old.`,
  /**
   * The SMS (GSM 03.38, at most 160 characters with the address): the gold Nisab first, the silver one where it fits.
   * `rate` is smsRate's (never dropped to fit); the message without a silver figure passes ''.
   */
  sms: (date: string, hijri: string, gold: string, silver: string, rate: string) =>
    `Zakat Nisab ${date} (${hijri})${rate ? `, ${rate}` : ''}: gold ${gold}, silver ${silver}.`,
  smsGoldOnly: (date: string, hijri: string, gold: string, rate: string) => `Zakat Nisab ${date} (${hijri})${rate ? `, ${rate}` : ''}: gold ${gold}.`,
  /** The rate's day in the SMS, short ("29/9"), and its age when more than OLD_RATE_AFTER_DAYS old. */
  smsRate: (date: string, days: number | null, shown: string) => (days === null ? `rate of ${date}` : `rate of ${date}, ${shown} days old`),
  /** A Hijri date and the calendar it is in: "29 Rabi' al-Awwal 1447 AH, Nigeria". */
  hijriIn: (date: string, calendar: string) => `${date}, ${calendar}`,
  more: (address: string) => `More: ${address}`,
  feedName: "Nigeria's Hijri months as declared",
  feedDescription:
    'The first day of each Hijri month as the Sultan of Sokoto declared it on the reports of the moon-sighting committees (NMCN), each with its source.',
  /** An event of the feed: the month's first day, declared. */
  feedEvent: (month: string, source: string) => `The first day of ${month} as the Sultan of Sokoto declared it (NMCN). Source: ${source}`,
  subscribeTitle: "Nigeria's months in your calendar",
  subscribeHtml: (link: string) =>
    `Subscribe to ${link} and every declared month appears in your calendar app, updated as new months are declared. Google Calendar (on a computer): Other calendars, +, From URL, paste the link's address. Apple: on a Mac, File, New Calendar Subscription; on an iPhone, Settings, Calendar, Accounts, Add Account, Other, Add Subscribed Calendar. Outlook: Add calendar, Subscribe from web.`,
  addToCalendar: 'Add to my calendar',
  addUmmAlQura: "Add Umm al-Qura's day to my calendar instead",
  /** The reminder's title. */
  reminderSummary: (hijri: string) => `Zakat: my hawl, ${hijri}`,
  reminderYearly: (hijri: string, calendar: string) =>
    `My hawl ends on ${hijri} (${calendar}): this reminder comes back on that Hijri day each year, as the ${calendar} calendar counts it.`,
  reminderOnce: (hijri: string, calendar: string) =>
    `My hawl ends on ${hijri} (${calendar}). Nigeria's months are declared one by one when the moon is sighted, so this reminder is for this year only.`,
  reminderCheck: 'Look up the Nisab of the day on the Nisab page.',
};

/** The years a payer did not pay (page/years.ts, issue 45): its own module, its own words. */
export const years = {
  summary: 'Years I did not pay',
  intro:
    "Each missed year is owed at the Nisab of its own hawl day, and each year's zakat is taken off the next as your school holds. The school and the standard are the calculator's above.",
  day: 'Hawl day (1 to 30)',
  month: 'Hijri month',
  calendar: 'Calendar',
  count: 'Years not paid (1 to 30)',
  cash: 'Cash held on each hawl day (₦)',
  /** Over the herds' counts (the calculator's own labels: Camels, Cattle, Sheep and goats), the same every year. */
  herds: 'Animals held on each hawl day (head)',
  show: 'Work out the years',
  loading: "Reading each year's Nisab…",
  bad: 'Enter a day from 1 to 30, from 1 to 30 years, and an amount or a number of animals.',
  colYear: 'Year',
  colHawl: 'Hawl day',
  colNisab: 'Nisab that day',
  colHeld: 'Held',
  /** The field of a year's amount, in its row. */
  heldIn: (year: string) => `Held on the hawl day of ${year}`,
  perYear: "Not the same every year? Change a year's amount in its row: the other years keep the amount above.",
  colTakenOff: 'Taken off for earlier years',
  colDue: 'Due',
  colWhy: 'Why',
  /** Under a year's Nisab: the day of the rate it is valued at. */
  rateOf: (date: string) => `rate of ${date}`,
  why: {
    reaches: 'reaches the Nisab',
    below: 'below the Nisab: nothing due',
    afterBelow: 'the year after one below the Nisab starts again: nothing due',
    noRate: 'no rate on or before this day: not counted',
    noCalendar: (calendar: string) => `this month is not in the data of the ${calendar} calendar: not counted`,
    notYet: 'this day has not come yet',
  },
  /** Earlier years with no Nisab: their zakat is not known, so it is not taken off. */
  unknownBefore: (years: string) => `the zakat of ${years} is not known, so it is not taken off`,
  total: (amount: string, count: number, shown: string) => `Zakat owed now for ${count === 1 ? '1 year' : `${shown} years`}: ${amount}`,
  print: 'Print the statement',
  statement: 'Statement of zakat owed for past years',
  /** The payer's hawl day: the Hijri day and month, its calendar, and the Gregorian day of its latest year. */
  hawlDay: (day: string, calendar: string, latest: string, gregorian: string) => `Hawl day: ${day} (${calendar}); in ${latest}: ${gregorian}`,
  school: (school: string, standard: string) => `School: ${school}. Nisab for cash: ${standard}.`,
  sources: 'Sources:',
  /** The print date, the data's day and its age then. */
  printed: (date: string, asOf: string, _days: number, shown: string) => `Printed on ${date}, from the data of ${asOf} (${shown} days before).`,
  next: 'Your next hawl day:',
};
