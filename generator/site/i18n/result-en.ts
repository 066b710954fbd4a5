// The calculator's answer in English: every line of the client's zakatDue
// (client/src/zakat/) is structured; these are its words (page/result-words.ts
// puts them together). Hausa and Arabic: result-ha.ts, result-ar.ts, typed from
// this file (catalogue.ts ResultStrings), so a key missing in one fails tsc.
// Amounts come in already formatted (with their unit, isolated for right to left).

export const result = {
  inputs: {
    inKindTitle: 'Livestock, crops and zakat al-fitr',
    outOfRange: (label: string, max: string) => `${label}: enter a number from 0 to ${max}.`,
    tooMany: (label: string, max: string) => `${label}: enter at most ${max}.`,
    debtsTitle: 'Debts, money owed to you, new money',
    debts: 'What you owe and must repay (₦)',
    debtCover: 'What you own that owes no zakat and is beyond your needs: land, a second house, goods kept for use (₦)',
    receivable: 'Money owed to you (₦)',
    receivableKind: 'It is',
    loan: 'a loan',
    trade: 'the price of goods sold',
    collected: 'It was paid back this year (not also entered as cash)',
    outOfReach: 'It is not yet due, or the debtor denies it (and you have no proof) or cannot pay',
    yearsOut: 'Years it was out',
    newMoney: 'Of your cash, what came less than a lunar year ago and is not profit: a gift, an inheritance, wages (₦)',
    savingsGold: 'Gold jewellery kept as savings, for hard times, a dowry or sale (grams)',
    savingsSilver: 'Silver jewellery kept as savings (grams)',
    standardNote:
      'Where your school has its own measure of money (the Hanafi: the Nisab more beneficial to the poor), it applies; the others leave the choice to you.',
    partnerCamels: "Your partner's camels in the common flock (khulta)",
    partnerCattle: "Your partner's cattle in the common flock (khulta)",
    partnerSheepGoats: "Your partner's sheep and goats in the common flock (khulta)",
    valueCamels: 'Value of your camels, where your school sets a debt against livestock (₦)',
    valueCattle: 'Value of your cattle, where your school sets a debt against livestock (₦)',
    valueSheepGoats: 'Value of your sheep and goats, where your school sets a debt against livestock (₦)',
    wateringShare: 'Crops watered both ways: the part watered without cost, by rain or rivers (from 0 to 1; 0.5 is half)',
  },
  schools: { hanafi: 'Hanafi', maliki: 'Maliki', shafii: "Shafi'i", hanbali: 'Hanbali' },
  what: {
    money: 'Cash and trade goods',
    gold: 'Gold',
    silver: 'Silver',
    'worn-gold': 'Gold jewellery a woman wears',
    'worn-silver': 'Silver jewellery a woman wears',
    'savings-gold': 'Gold jewellery kept as savings',
    'savings-silver': 'Silver jewellery kept as savings',
    'muhtakir-goods': 'Trade goods (muhtakir)',
    debts: 'Your debts',
    'receivable-loan': 'A loan owed to you',
    'receivable-trade': 'A trade debt owed to you',
    'receivable-arrears-loan': 'The loan: past years',
    'receivable-arrears-trade': 'The trade debt: past years',
    'new-money': 'Money that came this year',
    'crops-rain-fed': 'Crops (rain or rivers)',
    'crops-irrigated': 'Crops (irrigation)',
    'crops-mixed': 'Crops (both, half and half)',
    camels: 'Camels',
    cattle: 'Cattle',
    'sheep-goats': 'Sheep and goats',
    fitr: 'Zakat al-fitr',
  },
  units: {
    gram: (n: string) => `${n} g`,
    kg: (n: string) => `${n} kg`,
    head: (n: string) => `${n} head`,
    person: (n: string) => `${n} ${n === '1' ? 'person' : 'people'}`,
    sa: (n: string) => `${n} sa'`,
  },
  animals: {
    sheep: 'sheep',
    bint_makhad: 'bint makhad',
    bint_labun: 'bint labun',
    hiqqah: 'hiqqah',
    jadhaah: "jadha'ah",
    tabi: "tabi'",
    musinnah: 'musinnah',
  },
  /**
   * A count of animals with the age and sex the rule asks for: "2 hiqqah (a she-camel in her fourth year)".
   * `words` is the rule's plain words (data/nisab.json `words`) in this language: `animalWords` below.
   */
  animal: (count: string, item: string, words: string | null) => `${count} ${item}${words ? ` (${words})` : ''}`,
  /**
   * The rule's plain words for each animal due (data/nisab.json `words`, which are English), in this language,
   * keyed by the English: every `words` of the data has its entry in every other catalogue (a test checks).
   */
  animalWords: {} as { readonly [english: string]: string },
  and: ' and ',
  or: ', or ',
  pastYear: (year: string) => `Past year ${year}`,
  pastYearSpan: (first: string, last: string) => `Past years ${first} to ${last}`,
  fromTo: (from: string, to: string) => `from ${from} to ${to}`,
  /** What else discharges a herd's due beyond the mixes listed: "1 bint labun for every 40". */
  animalsMore: (units: string) => `, or any other mix of ${units}`,
  perHeads: (animal: string, heads: string) => `${animal} for every ${heads}`,
  due: {
    nothing: 'nothing',
    exempt: 'nothing: exempt',
    countedGold: 'counted with your gold',
    countedSilver: 'counted with your silver',
    countedMoney: 'counted with your money',
    money: (percent: string, amount: string) => `${percent}%: ${amount}`,
    metal: (grams: string, percent: string, amount: string | null) => `${grams} (${percent}%)${amount ? `, ${amount}` : ''}`,
    /** The harvest's share by weight and by Kano's measure (`kwano` below), at its rate. */
    crop: (kg: string, measure: string, percent: string) => `${kg} of the harvest (${measure}; ${percent}%)`,
    fitr: {
      'one-sa': (amount: string, kwano: string) => `${amount} of food (${kwano})`,
      'hanafi-half-sa-wheat': (amount: string) => `${amount} of wheat, flour or raisins`,
      'hanafi-sa-dates-barley': (amount: string) => `${amount} of dates or barley`,
    },
    /** Kano's measure: 1 kwano = 1 sa' = 4 mudd (Kano's Shari'a Commission: 300 kwano = 5 wasq). */
    kwano: (kwano: string, mudd: string) => `${kwano} kwano, ${mudd} mudd`,
    /** The crops' Nisab in wasq, beside its weight. */
    wasq: (n: string) => `${n} wasq`,
    deducted: (parts: string) => `taken off: ${parts}`,
    covered: (amount: string) => `${amount} by what you own that owes no zakat`,
    fromMoney: (amount: string) => `${amount} from your money`,
    fromGold: (amount: string) => `${amount} from your gold`,
    fromSilver: (amount: string) => `${amount} from your silver`,
    notDeducted: 'not taken off',
    later: (years: string | null) =>
      years === null ? 'nothing now: one year when it is paid back' : `nothing now: ${years} years' zakat when it is paid back`,
    unknown: 'unknown: no rule is published for this case',
  },
  why: {
    alone: (nisab: string) => `Reaches the Nisab by itself (${nisab}).`,
    belowOwn: (nisab: string) => `Below the Nisab (${nisab}).`,
    noRate: 'No rate for this standard yet: the Nisab cannot be valued.',
    noRule: 'Ask a scholar: the data has no rule for this case.',
    noNisab: 'No Nisab in this rule: any harvest owes its share.',
    standardPayer: (standard: string) => `Money is measured against ${standard}, as you chose.`,
    standardSchool: (standard: string) =>
      `Money is measured against ${standard}: the Hanafi measure, the Nisab more beneficial to the poor (Abu Hanifah), whatever standard you chose.`,
    standards: { gold: "gold's Nisab (85 g)", silver: "silver's Nisab (595 g)", lower: 'whichever Nisab, gold’s or silver’s, is lower today' },
    partsReach: (school: string, sum: string) =>
      `Reaches the Nisab with your other holdings: the ${school} school counts them together by parts, each as its share of its own Nisab (${sum}; 1 or more reaches it).`,
    partsBelow: (school: string, sum: string) => `Below the Nisab: the ${school} school counts your holdings together by parts (${sum}; 1 is needed).`,
    valueReach: (school: string, total: string, nisab: string) =>
      `Reaches the Nisab with your other holdings: the ${school} school (Abu Hanifah) counts them together by value, ${total} against ${nisab}.`,
    valueBelow: (school: string, total: string, nisab: string) =>
      `Below the Nisab: counted together by value (${school}, Abu Hanifah), ${total} against ${nisab}.`,
    none: (school: string) => `Below the Nisab: the ${school} school does not count gold and silver together; each, and your money, must reach its own Nisab.`,
    share: (held: string, nisab: string) => `${held} ÷ ${nisab}`,
    wornNoSchool: 'No school chosen: a woman’s worn jewellery is counted (the Hanafi school charges it; the others exempt it).',
    wornDue: (school: string) => `The ${school} school charges zakat on a woman’s permissible jewellery that she wears.`,
    wornExempt: (school: string) =>
      `The ${school} school exempts a woman’s permissible jewellery that she wears. A man’s gold is not permissible jewellery: enter it as gold.`,
    savings: (school: string) => `Jewellery kept for hard times, a dowry or sale owes zakat like other gold and silver (the ${school} school).`,
    savingsNoPosition:
      'Counted: jewellery kept as savings, not worn, is treated as gold and silver (no position of your school is published here; ask a scholar).',
    muhtakirSold: 'A muhtakir pays on the price when he sells, once, for one year, however long he held the goods.',
    muhtakirUnsold: 'A muhtakir owes nothing on goods he holds waiting for a price until he sells them.',
    debtCover: (school: string) =>
      `The ${school} school sets a debt first against what you own that owes no zakat and is beyond your needs, then against your gold, silver and money; never against crops or livestock.`,
    debtCoverTerms:
      'What covers a debt must have been yours for a full lunar year and be of what would be sold to pay your creditors (not the house you live in or the clothes you wear); it is valued when the zakat falls due.',
    debtDeducted: (school: string) => `The ${school} school takes what you owe off your wealth before measuring it against the Nisab.`,
    debtNotDeducted: (school: string) => `The ${school} school (its soundest view) does not let a debt reduce your zakat: you pay on what you hold.`,
    debtNoSchool: 'No school chosen: your debt is taken off your money, gold and silver, as the Maliki, Hanafi and Hanbali schools hold.',
    debtLeft: (livestockToo: boolean) =>
      livestockToo
        ? 'Some of the debt is left over: your school sets it against livestock too; ask a scholar how.'
        : 'Some of the debt is left over: it does not reduce your crops or livestock.',
    loanOneYear: (school: string) => `The ${school} school: a loan owes nothing until it is paid back, then one year's zakat however long it was out.`,
    tradeMudir: (school: string) =>
      `The ${school} school: a trader who keeps turning his stock over (mudir) counts the trade debts he expects to be paid with his money every year.`,
    tradeMuhtakir: (school: string) =>
      `The ${school} school: a trader who waits for a price (muhtakir) owes nothing on a trade debt until it is paid, then one year's zakat.`,
    everyYearOnCollection: (school: string, years: string) =>
      `The ${school} school: zakat is owed for every year it was out (${years}), paid when it is paid back.`,
    everyYear: (school: string) => `The ${school} school: money owed by someone who can pay counts with your money every year.`,
    receivableNoSchool: 'No school chosen: money owed to you is counted with your money this year.',
    arrears: (years: string) => `The zakat of ${years} past years, each year's taken off the next.`,
    arrearsNow: (years: string) =>
      `Due now, paid back or not: the zakat of the ${years} past years you have not paid. A debt on someone who acknowledges it and can pay is like money you left with him; each year's zakat is taken off the next.`,
    pastYearsToday: "A debt owed to you carries no dates: each past year is measured at today's Nisab, with the rest of your money as you entered it.",
    pastYearsTakenOff: "Each year's zakat is taken off before the next year is valued, this year's included.",
    pastYearDue: (years: string, counted: string, nisab: string, due: string) => `${years}: ${counted} counted, Nisab ${nisab}: ${due} due.`,
    pastYearBelow: (years: string, counted: string, nisab: string) => `${years}: ${counted} counted, below the Nisab of ${nisab}: nothing due.`,
    pastYearAfterBelow: (years: string) =>
      `${years}: the year before was below the Nisab, and your school starts the lunar year again when the wealth comes back to the Nisab: nothing is due.`,
    pastYearNoRate: (years: string) => `${years}: there is no rate on or before the day, so the Nisab is not known and the zakat is not counted.`,
    ownHawl: (school: string) =>
      `The ${school} school: money that came this year (a gift, an inheritance, wages) owes nothing until a lunar year has passed over it; profit follows its capital.`,
    joinsNisab: (school: string) => `The ${school} school (Abu Hanifah): money that came this year joins the Nisab you already had and is paid with it.`,
    joinsNoNisab: (school: string) =>
      `The ${school} school (Abu Hanifah): money that came this year joins a Nisab already held; the rest of your money does not reach one, so it waits for its own year.`,
    newMoneyNoSchool: "No school chosen: money that came this year waits for its own lunar year, as the Maliki, Shafi'i and Hanbali schools hold.",
    grazingRequired: 'Your school counts only animals that graze freely most of the year.',
    grazingNotRequired: 'Your school counts stall-fed and working animals too.',
    grazingNoSchool: 'The Maliki count stall-fed and working animals; the other schools only those that graze freely most of the year.',
    fitr: "Due for each person, before the 'Id prayer.",
  },
  /** Livestock kept in one flock with a partner (khulta), and a debt set against a herd at its value. */
  flock: {
    /** The payer's share of what the flock owes, leading into it: `written` is n/d, formatted. */
    part: (n: number, d: number, written: string) =>
      n === 1 && d === 2 ? 'half of what' : n === 1 && d === 3 ? 'a third of what' : n === 1 && d === 4 ? 'a quarter of what' : `${written} of what`,
    due: (part: string, of: string, flock: string) =>
      `${part} the common flock of ${flock} owes, ${of}: it is taken from the flock, and you and your partner settle it between you by your head`,
    oneHerd: (school: string, partner: string, flock: string) =>
      `The ${school} school counts a flock kept with a partner (khulta) as one herd: yours with your partner's ${partner}, ${flock} in all; what it owes is shared by head.`,
    eachReaches: (school: string, partner: string, flock: string) =>
      `The ${school} school counts a flock kept with a partner (khulta) as one herd when each partner's head reaches the Nisab, as yours and your partner's ${partner} do: ${flock} in all; what it owes is shared by head.`,
    notEach: (school: string, partner: string) =>
      `The ${school} school counts a flock kept with a partner (khulta) as one herd only when each partner's head reaches the Nisab; here they do not (your partner's: ${partner}), so your herd is counted alone.`,
    eachAlone: (school: string, partner: string) =>
      `The ${school} school does not count a flock kept with a partner (khulta) as one: your herd is counted alone (your partner's ${partner} are his to count).`,
    noSchool: (partner: string) =>
      `No school chosen: your herd is counted alone (your partner's: ${partner}); the schools differ on a flock kept with a partner (khulta).`,
    debt: (value: string, head: string, left: string) =>
      `Your debt takes ${value} off this herd at its value, ${head}: ${left} are yours free of debt and counted.`,
    fromHerd: (amount: string, herd: string) => `${amount} from your herd (${herd})`,
    debtLeftValue: 'Some of the debt is left over: your school sets it against livestock too; enter the value of each herd to set it against them.',
    debtLeftAll: 'Some of the debt is left over: it is more than everything it is set against.',
  },
  /** Crops watered both ways (nsbPositions mixed-watering). */
  watering: {
    what: 'Crops (watered both ways)',
    percent: (n: string) => `${n}%`,
    eachPart: (school: string, share: string) =>
      `The ${school} school: a harvest watered both ways owes each part at its own rate, a tenth of the part watered without cost (${share}) and half a tenth of the rest.`,
    greaterPart: (school: string, share: string) =>
      `The ${school} school: a harvest watered both ways owes at the rate of the greater part (watered without cost: ${share}); where the two are equal, half a tenth.`,
  },
  rule: (id: string, schools: string) => `rule ${id}: ${schools}`,
  /** A rule no school holds (paper money on a metal's basis), with the bodies that use it by their short names (NMCN). */
  ruleBody: (bodies: string) => (bodies ? `a contemporary body’s rule, used by ${bodies}` : 'a contemporary body’s rule'),
  /** The total: money, and what is due in kind beside it. */
  total: (amount: string) => `Zakat due in money: ${amount}`,
  inKind: 'Due in kind, beside the money:',
  /** The total when all that is due is in kind (a herder, a farmer, zakat al-fitr): named first, no money line. */
  inKindOnly: 'Zakat due in kind (no money is due):',
  nothingDue: 'Nothing is due on what you entered.',
};
