// Arabic, the language of the fiqh and of NMCN's notices: the terms of the
// Maliki books (النصاب، الحول، عروض التجارة، الأنعام). Figures in Western digits,
// as CLDR's `ar` writes them by default and as Naira amounts are written in
// Nigeria. docs/translations.md lists the strings a native speaker should read first.
import type { CalendarStrings, HawlStrings, PageStrings, ReachStrings, WidgetStrings, YearsStrings } from './catalogue.ts';

/**
 * A noun's forms after a number, as the grammar books give them (the number in
 * Western digits before it; the forms chosen by CLDR's plural categories for ar,
 * which follow the same rule by the number's last two digits):
 * - `one`: 1, the noun with واحد / واحدة after it and no figure: يوم واحد;
 * - `two`, `twoGenitive`: 2, the dual and no figure: يومان; يومين after a preposition
 *   (and as an object: the accusative dual is written like the genitive);
 * - `few`: 3–10 (and 103–110, 1,003…), the plural in the genitive: 3 أيام;
 * - `many`: 11–99 (and 111–199, 1,011…), the singular in the accusative (tamyiz): 11 يومًا;
 * - `hundred`: 100, 101, 102, 1,000, 0 and every decimal, the singular in the
 *   genitive: 100 يوم, 2.5 يوم (decimals are in CLDR's `other` category with 100–102;
 *   the rule this catalogue follows, stated in docs/translations.md).
 * The one form of 1 is written for the nominative and the genitive (يومٌ واحدٌ, يومٍ
 * واحدٍ read alike unvocalised); no string says one thing in the accusative.
 */
export interface ArabicNoun {
  one: string;
  two: string;
  twoGenitive: string;
  few: string;
  many: string;
  hundred: string;
}

// Each noun a constant of its own, so that esbuild sees the counts made of them as free of side effects
// and drops the page's from a bundle that takes only the widget's strings.
const DAY: ArabicNoun = { one: 'يوم واحد', two: 'يومان', twoGenitive: 'يومين', few: 'أيام', many: 'يومًا', hundred: 'يوم' };
const YEAR: ArabicNoun = { one: 'سنة واحدة', two: 'سنتان', twoGenitive: 'سنتين', few: 'سنوات', many: 'سنةً', hundred: 'سنة' };
const GRAM: ArabicNoun = { one: 'غرام واحد', two: 'غرامان', twoGenitive: 'غرامين', few: 'غرامات', many: 'غرامًا', hundred: 'غرام' };
const KILOGRAM: ArabicNoun = { one: 'كيلوغرام واحد', two: 'كيلوغرامان', twoGenitive: 'كيلوغرامين', few: 'كيلوغرامات', many: 'كيلوغرامًا', hundred: 'كيلوغرام' };
const RATE: ArabicNoun = { one: 'سعر واحد', two: 'سعران', twoGenitive: 'سعرين', few: 'أسعار', many: 'سعرًا', hundred: 'سعر' };
const LINE: ArabicNoun = { one: 'سطر واحد', two: 'سطران', twoGenitive: 'سطرين', few: 'أسطر', many: 'سطرًا', hundred: 'سطر' };
const DINAR: ArabicNoun = { one: 'دينار واحد', two: 'ديناران', twoGenitive: 'دينارين', few: 'دنانير', many: 'دينارًا', hundred: 'دينار' };
const DIRHAM: ArabicNoun = { one: 'درهم واحد', two: 'درهمان', twoGenitive: 'درهمين', few: 'دراهم', many: 'درهمًا', hundred: 'درهم' };
const HEAD: ArabicNoun = { one: 'رأس واحد', two: 'رأسان', twoGenitive: 'رأسين', few: 'رؤوس', many: 'رأسًا', hundred: 'رأس' };
const PERSON: ArabicNoun = { one: 'شخص واحد', two: 'شخصان', twoGenitive: 'شخصين', few: 'أشخاص', many: 'شخصًا', hundred: 'شخص' };
const SHEEP: ArabicNoun = { one: 'شاة واحدة', two: 'شاتان', twoGenitive: 'شاتين', few: 'شياه', many: 'شاةً', hundred: 'شاة' };
const SAA: ArabicNoun = { one: 'صاع واحد', two: 'صاعان', twoGenitive: 'صاعين', few: 'آصع', many: 'صاعًا', hundred: 'صاع' };
const MUDD: ArabicNoun = { one: 'مُدّ واحد', two: 'مُدّان', twoGenitive: 'مُدّين', few: 'أمداد', many: 'مُدًّا', hundred: 'مُدّ' };
// As the hadith counts it: «ليس فيما دون خمسة أوسق صدقة» (al-Bukhari 1447).
const WASQ: ArabicNoun = { one: 'وسق واحد', two: 'وسقان', twoGenitive: 'وسقين', few: 'أوسق', many: 'وسقًا', hundred: 'وسق' };

/** The nouns the Arabic strings count (the result lines may count more: add them here). */
export const arabicNouns = {
  day: DAY,
  year: YEAR,
  gram: GRAM,
  kilogram: KILOGRAM,
  rate: RATE,
  line: LINE,
  dinar: DINAR,
  dirham: DIRHAM,
  head: HEAD,
  person: PERSON,
  sheep: SHEEP,
  saa: SAA,
  mudd: MUDD,
  wasq: WASQ,
};

/** The bodies by their Arabic names, keyed by the short name the rules give (NMCN): the notice and the answer's rule line say the same. */
const NMCN_NAME = 'لجنة رؤية الهلال النيجيرية';
export const arabicBodyNames: { readonly [short: string]: string } = { NMCN: NMCN_NAME };

/** A figure in this catalogue's way (Western digits, `,` between thousands), for a count given without its written form. */
function written(n: number): string {
  const [whole, fraction] = String(Math.abs(n)).split('.');
  return `${n < 0 ? '-' : ''}${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

/**
 * `n` of a noun in the form Arabic gives that number (ArabicNoun says which):
 * `arabicCount(11, GRAM)` is "11 غرامًا". `shown` is the figure as the
 * page writes it (format.ts; `n` written here if absent): a shown figure with
 * decimals ("85.00") counts as a decimal. `grammaticalCase` matters only for 2.
 * Marked free of side effects, for the same reason as the nouns are constants.
 */
/* @__NO_SIDE_EFFECTS__ */
export function arabicCount(n: number, noun: ArabicNoun, opts: { shown?: string; grammaticalCase?: 'nominative' | 'genitive' } = {}): string {
  const shown = opts.shown ?? written(n);
  const whole = Number.isInteger(n) && !shown.includes('.');
  const lastTwo = Math.abs(n) % 100;
  if (whole && n === 1) return noun.one;
  if (whole && n === 2) return opts.grammaticalCase === 'genitive' ? noun.twoGenitive : noun.two;
  if (whole && lastTwo >= 3 && lastTwo <= 10) return `${shown} ${noun.few}`;
  if (whole && lastTwo >= 11) return `${shown} ${noun.many}`;
  return `${shown} ${noun.hundred}`;
}

/** A count the catalogue receives already written ("1,200", "8.925"): its noun's form by the figure it shows. */
function countShown(shown: string, noun: ArabicNoun, grammaticalCase: 'nominative' | 'genitive' = 'nominative'): string {
  return arabicCount(Number(shown.replaceAll(',', '')), noun, { shown, grammaticalCase });
}

/** The intro of NMCN's notice, with its counts of dinars (a function, so that esbuild can drop it with `page`). */
/* @__NO_SIDE_EFFECTS__ */
function nmcnIntro(twentyDinars: string, thousandDinars: string): string {
  return `تنشر اللجنة الوطنية لرؤية الهلال في نيجيريا (NMCN) كل شهر نصاب الزكاة (${twentyDinars} من الذهب)، وأقل الصداق ونصاب السرقة (ربع دينار)، والدية (${thousandDinars}). وهذه الأرقام الأربعة محسوبة هنا بسعر اليوم المذكور أعلاه، وإلى جانبها مقادير المالكية بدراهم الفضة.`;
}

/** بـ ("by") before a phrase: joined to a word, and with a tatweel before a figure. */
function withBi(phrase: string): string {
  return /^[0-9]/.test(phrase) ? `بـ${phrase}` : `ب${phrase}`;
}

export const calendar: CalendarStrings = {
  gregorianMonths: ['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'],
  hijriMonths: ['محرم', 'صفر', 'ربيع الأول', 'ربيع الآخر', 'جمادى الأولى', 'جمادى الآخرة', 'رجب', 'شعبان', 'رمضان', 'شوال', 'ذو القعدة', 'ذو الحجة'],
  gregorianDate: (day, month, year) => `${day} ${month} ${year}م`,
  hijriDate: (day, month, year) => `${day} ${month} ${year}هـ`,
  ummAlQura: 'تقويم أم القرى',
  nigeria: 'تقويم نيجيريا',
  naira: (figure) => `${figure} نيرة`,
  usd: (figure) => `${figure} دولار أمريكي`,
  currency: (figure, code) => `${figure} ${code}`,
  groupSeparator: ',',
  decimalSeparator: '.',
  gold: 'الذهب',
  silver: 'الفضة',
};

export const page: PageStrings = {
  title: (date) => `أسعار الذهب والفضة ونصاب الزكاة في ${date}، بالنيرة والدولار الأمريكي`,
  titleNoRate: 'أسعار الذهب والفضة ونصاب الزكاة، بالنيرة والدولار الأمريكي',
  description: 'نصاب الزكاة اليوم بالنيرة والدولار الأمريكي بنصاب الذهب ونصاب الفضة، وأسعار الذهب والفضة اليومية، وحاسبة للزكاة، وواجهة برمجة JSON مجانية.',
  skip: 'انتقل إلى الأرقام',
  brand: 'Nisab API',
  sections: 'الأقسام',
  navNisab: 'النصاب',
  navChart: 'الرسم البياني',
  navCalculator: 'الحاسبة',
  navEmbed: 'الأداة',
  navApi: 'واجهة البرمجة',
  navReference: 'المرجع',
  language: 'اللغة',
  heading: (date) => `نصاب الزكاة في ${date}، بالنيرة والدولار الأمريكي`,
  headingNoRate: 'نصاب الزكاة بالنيرة والدولار الأمريكي',
  lead: (asOf, timeZone) =>
    `من بيانات محدَّثة إلى ${asOf} (${timeZone})، تُبنى من جديد كل ليلة. كل رقم في هذه الصفحة مأخوذ من واجهة برمجة JSON المجانية (انظر صفحة المطورين).`,
  nisabTitle: 'النصاب: أقل قدر من المال تجب فيه الزكاة',
  loading: 'جارٍ تحميل أرقام اليوم…',
  goldStandard: 'نصاب الذهب',
  silverStandard: 'نصاب الفضة',
  notAvailable: 'غير متاح',
  thresholdAt: (grams, metal, price) => `${countShown(grams, GRAM)} من ${metal}، بسعر ${price} للغرام`,
  thresholdNoPrice: (grams, metal) => `${countShown(grams, GRAM)} من ${metal}`,
  rateOf: (date) => `سعر يوم ${date}`,
  noDate: 'بلا تاريخ',
  hijriIn: (date, calendar) => `${date} (${calendar})`,
  priceSource: 'السعر بالدولار: ',
  nairaSource: 'سعر الدولار بالنيرة: ',
  carriedFrom: (date) => `، وهو سعر يوم ${date}`,
  figure: {
    'daily-reference': 'السعر المرجعي لليوم',
    'daily-official': 'السعر الرسمي لليوم',
    carried: 'السعر الرسمي لآخر يوم عمل قبله',
    'monthly-average': 'متوسط الشهر',
    'end-of-month-official': 'السعر الرسمي في آخر الشهر',
    manual: 'أُدخل يدويًا',
    declaration: 'أول يوم من شهر هجري كما أُعلن',
    announcement: 'أرقام أعلنتها هيئة نيجيرية',
    other: 'انظر المصدر',
  },
  stale: (date, days, shown, asOf) =>
    `تنبيه: أحدث سعر للذهب بتاريخ ${date}، قبل ${asOf} ${withBi(arabicCount(days, DAY, { shown, grammaticalCase: 'genitive' }))}، وهو اليوم الذي تخصه هذه الأرقام. النصاب أدناه مقوَّم بذلك السعر، وقد يكون سعر السوق تغيّر منذ ذلك الحين.`,
  dollarWas: (rate, date) =>
    `كان الدولار الأمريكي الواحد يساوي ${rate} في ${date}. وفي النقود وعروض التجارة تتيح لك الحاسبة أدناه أن تختار نصاب الذهب أو نصاب الفضة أو أقلهما، كما نُشر في الأحكام.`,
  couldNotLoad: (message) => `تعذّر تحميل الأرقام: ${message}`,
  todayIs: (date) => `اليوم، ${date}:`,
  nigeriaNotDeclared: 'لم يُعلَن هذا الشهر في نيجيريا بعد',
  goldPerGram: (price) => `الذهب ${price} للغرام`,
  silverPerGram: (price) => `الفضة ${price} للغرام`,
  perGramOf: (date) => `(سعر يوم ${date})`,
  weightBy: (grams, who) => `${countShown(grams, GRAM)}: ${who}`,
  defaultWeightBy: 'الوزن الذي تعتمده اللجنة الوطنية لرؤية الهلال في نيجيريا (NMCN)',
  otherWeightBy: 'الوزن الذي يعتمده dailynisab.org/help وكثير من الحاسبات',

  notice: {
    nav: 'أرقام الشهر',
    title: 'أرقام هذا الشهر بمقاييس لجنة رؤية الهلال النيجيرية',
    dated: (nigeria, ummAlQura, gregorian) => `${nigeria} · ${ummAlQura} · ${gregorian}`,
    nigeriaUnknown: 'نيجيريا: أول هذا الشهر كما أُعلن ليس في البيانات',
    intro: nmcnIntro(arabicCount(20, DINAR), arabicCount(1000, DINAR)),
    notNmcn: 'ليس هذا إعلان اللجنة نفسه: أرقامها من سعر الذهب الذي تعتمده، وقد تختلف قليلًا (1.2٪ في 12 مارس 2021م). واسأل عالمًا تثق به عن حالتك.',
    colWhat: 'البيان',
    colGold: 'بالذهب (مقياس اللجنة)',
    colSilver: 'بالفضة (مقياس الدراهم عند المالكية)',
    nisab: 'نصاب الزكاة',
    dowry: 'أقل الصداق',
    theft: 'نصاب السرقة (للحد)',
    diyyah: 'دية الرجل',
    measure: (count, grams, metal) => `${count}: ${countShown(grams, GRAM)} من ${metal}`,
    twentyDinars: arabicCount(20, DINAR),
    quarterDinar: 'ربع دينار',
    thousandDinars: arabicCount(1000, DINAR),
    twoHundredDirhams: arabicCount(200, DIRHAM),
    threeDirhams: arabicCount(3, DIRHAM),
    twelveThousandDirhams: arabicCount(12000, DIRHAM),
    print: 'اطبع هذا الإعلان',
    printedFrom: (url) => `طُبع من ${url}`,
    announcedTitle: 'أحدث الأرقام التي أعلنتها الهيئات، بجانب أرقامنا لليوم نفسه',
    colAnnounced: 'المُعلَن',
    colOurs: 'رقمنا لذلك اليوم',
    colDifference: 'الفرق',
    announcedBy: (body, date) => `${body}، ${date}`,
    bodies: { nmcn: NMCN_NAME, 'kano-sharia-commission': 'هيئة الشريعة في ولاية كانو' },
    difference: (percent) => `${percent} %`,
    noMeasure: 'لم يُذكر المقياس، فلا مقارنة',
  },

  chartTitle: 'أسعار الذهب والفضة',
  pricePerGramIn: 'عملة سعر الغرام',
  currencyNaira: 'النيرة',
  currencyUsd: 'الدولار الأمريكي',
  range: 'المدة',
  range1m: 'شهر',
  range1y: 'سنة',
  range10y: arabicCount(10, YEAR),
  rangeAll: 'الكل',
  rangeCustom: 'بين تاريخين',
  fromTo: 'من تاريخ إلى تاريخ (شاملًا)',
  from: 'من',
  to: 'إلى',
  show: 'اعرض',
  chartLabel: 'رسم بياني لأسعار الذهب والفضة',
  drawnFromHtml: (code) => `مرسوم من ${code}: استعلام المدة في واجهة البرمجة نفسها.`,
  firstAfterSecond: 'يجب ألا يكون التاريخ الأول بعد الثاني.',
  afterLastRate: (date) => `لا سعر بعد ${date}، وهو آخر سعر: اختر تاريخًا أول قبله.`,
  beforeFirstRate: (date) => `لا سعر قبل ${date}، وهو أول سعر: اختر تاريخًا ثانيًا بعده.`,
  axisDate: 'التاريخ',
  seriesLabel: (metal, unit) => `${metal} (${unit} للغرام)`,
  chartCaption: (metal, count) => `${metal}: ${countShown(count, RATE)}`,
  chartNewest: (value, date) => `، آخرها ${value} للغرام في ${date}`,
  goldName: 'الذهب',
  silverName: 'الفضة',

  calculatorTitle: 'حاسبة الزكاة',
  calculatorIntro:
    'تعمل في متصفحك على الأحكام المنشورة، ولا يخرج من هذه الصفحة شيء مما تكتبه. تجب الزكاة بعد حولان الحول على الملك حيث يشترطه الحكم، والنقود وعروض التجارة وعاء واحد.',
  rules: 'الأحكام',
  school: 'المذهب',
  maliki: 'المالكي',
  hanafi: 'الحنفي',
  shafii: 'الشافعي',
  hanbali: 'الحنبلي',
  calcCurrency: 'المبالغ بعملة',
  calcNaira: 'NGN (النيرة)',
  calcCurrencyNote: (code: string) =>
    `النقود وعروض التجارة والنصاب والزكاة الواجبة بعملة ${code}، بسعر ${code} مقابل الدولار الأمريكي في يوم أحدث سعر للذهب والفضة.`,
  calcNoRate: (code: string) =>
    `لا يوجد سعر لـ ${code} خلال ${arabicCount(7, DAY, { grammaticalCase: 'genitive' })} من أحدث سعر للذهب والفضة: تبقى الحاسبة بالنيرة.`,
  cashStandard: 'نصاب النقود وعروض التجارة',
  lowerOfTwo: 'أقل النصابين',
  moneyAndMetals: 'النقود والذهب والفضة',
  cash: 'النقود والمدخرات (₦)',
  tradeGoods: 'عروض التجارة بقيمتها في السوق (₦)',
  goldHeld: 'الذهب المملوك (بالغرام)',
  silverHeld: 'الفضة المملوكة (بالغرام)',
  livestock: 'الأنعام (الماشية): عدد الرؤوس',
  camels: 'الإبل',
  cattle: 'البقر',
  sheepGoats: 'الغنم (الضأن والمعز)',
  crops: 'الزروع والثمار',
  harvest: 'المحصول (كغ)',
  wateredBy: 'السقي',
  rainFed: 'بالمطر أو الأنهار',
  irrigated: 'بالسقي بكلفة ومؤونة',
  mixed: 'بهما، نصفًا بنصف',
  enterHoldings: 'أدخل ما تملكه لترى ما يجب فيه.',
  resultLabel: 'الزكاة الواجبة بندًا بندًا',
  colWhat: 'المال',
  colHeld: 'ما تملكه',
  colNisab: 'النصاب',
  colDue: 'الواجب',
  colRule: 'الحكم المطبَّق',
  combineNote:
    'يُضَمّ الذهب والفضة والنقود وعروض التجارة بعضها إلى بعض كما يفعل مذهبك (بالأجزاء أو بالقيمة أو لا يُضَمّ)، ويُعامَل حُليّ المرأة الملبوس بحسب مذهبك؛ ويذكر كل سطر من النتيجة الطريقة والسبب ومصدرهما.',
  wornGold: 'حُليّ المرأة الملبوس من الذهب (بالغرام)',
  wornSilver: 'حُليّ المرأة الملبوس من الفضة (بالغرام)',
  trader: 'إن كنت تاجرًا (المذهب المالكي)',
  mudir: 'أُدير سلعي بيعًا وشراءً (مُدير)',
  muhtakir: 'أحبس السلع أنتظر بها ارتفاع السعر (مُحتكِر)',
  sold: 'بعت السلع هذا العام (المحتكر: اكتب الثمن في عروض التجارة)',
  fitrTitle: 'زكاة الفطر',
  persons: 'عدد من تُخرجها عنهم',
  source: 'المصدر',

  embedTitle: 'نصاب اليوم في موقعك',
  embedIntro:
    'الصق هذين السطرين حيث تريد أن يظهر النصاب. تعرض الأداة نصاب الذهب ونصاب الفضة، وتاريخ السعر بالتقويمين الميلادي والهجري، والمصادر، بالإنجليزية (data-lang="en") أو الهوسا ("ha") أو العربية ("ar") أو اليوروبا ("yo"). لا تسأل إلا هذا الموقع، ولا تضع ملفات تعريف الارتباط، وتعمل تحت سياسة أمان محتوى (CSP) صارمة.',
  embedCalculatorIntro:
    'حاسبة الزكاة في هذه الصفحة على موقعك: المدخلات نفسها والأحكام نفسها والجواب نفسه، سطرًا سطرًا مع أسبابه، باللغة التي يحددها data-lang. ويختار data-school (maliki أو hanafi أو shafii أو hanbali) وdata-currency ما تبدأ به، وتحتاج إلى التوجيهين نفسيهما في سياسة أمان المحتوى.',
  copyEmbed: 'انسخ الرمز',
  apiTitle: 'واجهة البرمجة: انسخ والصق وشغّل',
  apiUnit: 'drtInUSD هو السعر بالدولار الأمريكي للغرام الواحد (drtUnit)؛ والأونصة التروي 31.1034768 غرامًا. أضف unit=troy-ounce للأسعار بالأونصة التروي.',
  apiIntroHtml: (alternateBase) =>
    `مجانية، للقراءة فقط، بلا مفتاح. كل إجابة هي <code>{"success": true, "data": …}</code> (مع <code>count</code> للقوائم) أو <code>{"success": false, "message": "…"}</code>. وتجيب المسارات نفسها تحت <code>${alternateBase}</code>. العقد: <a href="/API.md">API.md</a>. المرجع الكامل: <a href="/reference.html">مرجع واجهة البرمجة</a> (<a href="/openapi.json">openapi.json</a>)، ومخططات JSON تحت <a href="/schemas/index.json">/schemas/</a>، وعميل JavaScript مُنمَّط في مجلد <code>client/</code> من المستودع.`,
  downloadsHtml: (link) => `التنزيلات: كل سجلات الأسعار ونصاب الذهب والفضة اليومي بصيغة CSV، ملف لكل سنة (${link}).`,
  coverage: (slug, id, count, first, last) => `${slug} (الفئة ${id}): ${countShown(count, RATE)}، من ${first} إلى ${last}`,
  copyCurl: 'انسخ curl',
  copyFetch: 'انسخ fetch',
  copied: 'نُسخ',
  liveAnswer: 'الإجابة الحية',
  liveAnswerOf: (path) => `الإجابة الحية عن ${path}`,
  answering: 'جارٍ التحميل…',
  answeredFromFiles: 'أُجيب في هذه الصفحة من ملفات البيانات (هذا الخادم لا يقدّم /api/v1)',
  moreLines: (count) => `… ${countShown(count, LINE)} غيرها …`,
  couldNotAsk: (message) => `تعذّر السؤال: ${message}`,
  examples: {
    '/rates/latest': 'أحدث سعر للذهب (الذهب هو الفئة الافتراضية)',
    '/rates/latest?subcategory=2': 'أحدث سعر للفضة، برقمها',
    '/rates/latest?subcategory=silver': 'أحدث سعر للفضة، باسمها',
    '/rates/latest?date=2021-03-12': 'سعر الذهب في 12 مارس 2021: أحدث سعر في ذلك اليوم أو قبله',
    '/rates/latest?hijri_date=1442-07-28': 'سعر الذهب في 28 رجب 1442 (أم القرى): 12 مارس 2021',
    '/rates?start_date=2024-01-01&end_date=2024-12-31&subcategory=1': 'كل أسعار الذهب في سنة 2024',
    '/rates?start_date=2025-01-01': 'كل أسعار الذهب والفضة منذ 1 يناير 2025',
    '/nisab': 'كل أحكام النصاب، مقوَّمة بأحدث سعر',
    '/nisab?subcategory=3': 'أحكام النقود وعروض التجارة، على نصاب الذهب ونصاب الفضة',
    '/nisab?date=2021-03-31': 'كل أحكام النصاب، مقوَّمة كما كانت في 31 مارس 2021',
    '/nisab?hijri_date=1447-09-01': 'كل أحكام النصاب، مقوَّمة كما كانت في 1 رمضان 1447 (أم القرى)',
    '/nisab?hijri_date=1443-01-01&calendar=nigeria': 'كل أحكام النصاب، مقوَّمة كما كانت في 1 محرم 1443 كما أعلنته نيجيريا (10 أغسطس 2021)',
    '/subcategories': 'الفئات وأرقامها وأسماؤها المختصرة',
    '/sources': 'مصدر كل رقم',
    '/currencies': 'العملات التي يقبلها currency=، مع أول تاريخ وآخر تاريخ لكل منها ومصادرها',
    '/gaps': 'الأيام التي لا سعر فيها في كل سلسلة يومية، ليذكر الجواب في مثل هذا اليوم عمر السعر الذي بُني عليه',
    '/announcements': 'الأرقام التي أعلنتها لجنة رؤية الهلال النيجيرية وهيئات نيجيرية أخرى (النصاب، أقل الصداق، نصاب السرقة، الدية)، كل منها بجانب رقمنا ليومه',
    '/calendars/nigeria': 'الأشهر الهجرية في نيجيريا: أول يوم أعلنه سلطان صكتو، مع مصدره',
    '/meta': 'اللقطة: تاريخها، ومدى كل فئة، ومعرِّف محتواها',
  },

  sourcesIntroHtml: (link, path) => `مصادر الأرقام (يصف ${link} كلَّ مصدر، وكذلك <code>GET ${path}</code>؛ وكل رقم أعلاه يذكر مصدره):`,
  rulesNote: 'الأحكام: مجموعة من المصادر التي يذكرها كل حكم. اسأل عالمًا تثق به عن حالتك.',
  noscript: 'لا تحتاج الأرقام أعلاه إلى JavaScript، أما الرسم البياني والبحث عن الحول والحاسبة فتحتاج إليه.',
  // ---- Issue 32: the figures without scripts, offline, the printout, the developers' page (page/figures.ts, sw.ts) ----
  printout: {
    printedOn: (date, rateDate, days, shown) =>
      days === 0
        ? `طُبع في ${date}، يوم السعر نفسه.`
        : `طُبع في ${date}: السعر بتاريخ ${rateDate}، قبل ذلك ${withBi(arabicCount(days, DAY, { shown, grammaticalCase: 'genitive' }))}.`,
    figuresFor: (date, rateDate, days, shown) =>
      days === 0
        ? `أرقام يوم ${date}، بسعر ذلك اليوم.`
        : `أرقام يوم ${date}، بسعر ${rateDate}، قبل ذلك ${withBi(arabicCount(days, DAY, { shown, grammaticalCase: 'genitive' }))}.`,
    stale: (_rateDate, days, shown) =>
      `تنبيه: عمر هذا السعر ${arabicCount(days, DAY, { shown })}. أسعار الذهب والفضة تتغير، فتحقق من أرقام اليوم قبل أن تعتمد على هذه.`,
  },
  offline: (rateDate, days, shown) =>
    `أنت غير متصل بالإنترنت: هذه هي الأرقام التي حفظها هذا الجهاز عند آخر فتح للصفحة. سعرها بتاريخ ${rateDate}، قبل اليوم ${withBi(arabicCount(days, DAY, { shown, grammaticalCase: 'genitive' }))}.`,
  notKept: 'لا اتصال بالإنترنت، ولم يحفظ هذا الجهاز جوابًا لهذا: لا يعرض دون اتصال إلا ما سُئل عنه هنا متصلًا منذ آخر تحديث للموقع. اسأل مرة أخرى عندما تتصل.',
  notAnswered: (status) =>
    status ? `لم يُجب الموقع عن هذا السؤال (خطأ ${status}). اسأل مرة أخرى بعد قليل.` : 'لم يُجب الموقع عن هذا السؤال. اسأل مرة أخرى بعد قليل.',
  navSources: 'المصادر',
  navDevelopers: 'للمطورين',
  developersLink: 'للمطورين: واجهة برمجة JSON المجانية مع أمثلة بإجابات حية، والأداة لموقعك، والقائمة الكاملة للمصادر.',
  developersTitle: 'للمطورين: واجهة برمجة النصاب والأداة والمصادر',
  developersDescription: 'واجهة برمجة JSON مجانية لأسعار الذهب والفضة اليومية وأحكام نصاب الزكاة: أمثلة بإجابات حية، والأداة لموقعك، وكل المصادر.',
  backToPage: 'العودة إلى صفحة النصاب',
  embedCspIntro:
    "إذا كان موقعك يرسل سياسة أمان المحتوى (Content-Security-Policy) فيجب أن تسمح بهذا الموقع في توجيهين: script-src (لتحميل widget.js) وconnect-src (للأرقام التي تطلبها الأداة). فتصير سياسة default-src 'self':",
  embedCspMeta: 'أو إن كانت سياستك في وسم <meta>:',
};

export const hawl: HawlStrings = {
  nav: 'الحول',
  title: 'حولك: اليوم الميلادي والنصاب لتاريخ هجري',
  intro:
    'تجب الزكاة إذا حال الحول القمري. أدخل اليوم الهجري الذي يتم فيه حولك: تعطيك الصفحة يومه الميلادي كما أُعلن الشهر في نيجيريا (سلطان صكتو بمشورة لجنة رؤية الهلال) وبتقويم أم القرى، ونصاب ذلك اليوم من واجهة البرمجة. أو أدخل يومًا ميلاديًا لترى تاريخه الهجري في التقويمين.',
  hijriLegend: 'يوم هجري',
  day: 'اليوم',
  month: 'الشهر',
  year: 'السنة (هـ)',
  findGregorian: 'ابحث عن يومه الميلادي',
  gregorianLegend: 'أو يوم ميلادي',
  date: 'التاريخ',
  findHijri: 'ابحث عن تاريخه الهجري',
  loading: 'جارٍ البحث…',
  badHijri: 'أدخل يومًا من 1 إلى 30، وشهرًا، وسنة من أربعة أرقام.',
  badDate: 'أدخل تاريخًا.',
  colCalendar: 'التقويم',
  colHijri: 'التاريخ الهجري',
  colGregorian: 'اليوم الميلادي',
  colGold: 'النصاب بالذهب',
  colSilver: 'النصاب بالفضة',
  rateOf: (date) => `بسعر يوم ${date}`,
  rateAge: (days, shown) => (days === 0 ? 'سعر اليوم نفسه' : `سعر عمره ${arabicCount(days, DAY, { shown })}`),
  oldRate: (shown) => `تنبيه: لم يُنشر سعر في الأيام الـ${shown} التالية له. فنصاب ذلك اليوم مقوَّم بهذا السعر الأقدم، وقد يختلف سعر السوق في ذلك اليوم.`,
  declaredBy: 'شهر مُعلن، نقله:',
  // The publisher's Latin name and the date isolated, so that the line reads in order right to left.
  declaration: (publisher, date, firstDay) => `\u2068${publisher}\u2069${date ? `، ${date}` : ''}: أعلن سلطان صكتو ${firstDay}`,
  unknownMonth: (month) => `غير معروف: أول ${month} كما أُعلن ليس في البيانات، والصفحة لا تخمّنه.`,
  unknownLength: (month) => `غير معروف: ثبوت يوم الثلاثين من ${month} يتوقف على إعلان الشهر التالي، وليس هذا الإعلان في البيانات.`,
  // شهر before the name: جمادى is feminine, شهر masculine for every month; no كان, for a month may be still to come.
  shortMonth: (month, calendar) => `شهر ${month} ${arabicCount(29, DAY)} في ${calendar}: لا يوم ثلاثين فيه.`,
  outsideTable: 'خارج السنوات التي يغطيها جدول أم القرى (1300 إلى 1600هـ).',
  noHijri: 'ليس في البيانات',
  monthYear: (month, year) => `${month} ${year}هـ`,
  askedWith: 'السؤال الموجَّه إلى واجهة البرمجة:',
};

export const widget: WidgetStrings = {
  title: 'نصاب الزكاة',
  explain: 'النصاب هو الحد: إذا بلغه ما تملكه وحال عليه الحول وجبت الزكاة، ربع العشر (2.5٪) مما تملكه، لا من النصاب.',
  on: (date) => `سعر يوم ${date}`,
  gold: (grams) => `نصاب الذهب (${countShown(grams, GRAM)})`,
  silver: (grams) => `نصاب الفضة (${countShown(grams, GRAM)})`,
  loading: 'جارٍ تحميل النصاب…',
  failed: 'تعذّر تحميل النصاب.',
  sources: 'المصادر: ',
  more: 'الحاسبة والأرقام كاملة',
  share: 'شارك عبر واتساب',
  old: (days, shown) => `عمر هذا السعر ${arabicCount(days, DAY, { shown })}: لم يُنشر سعر أحدث منه.`,
};

export const reach: ReachStrings = {
  message: (date, hijri, goldGrams, gold, silverGrams, silver) =>
    `نصاب الزكاة يوم ${date} (${hijri}): ${gold} بنصاب الذهب (${goldGrams} غرامًا)، و${silver} بنصاب الفضة (${silverGrams} غرامًا).`,
  rateOf: (date) => `والسعر بتاريخ ${date}.`,
  rateOld: (date, days, shown) => `تنبيه: السعر بتاريخ ${date}، وعمره ${arabicCount(days, DAY, { shown })}.`,
  // No Arabic SMS is published (UCS-2 would split it into 70-character parts): these serve the message without silver.
  sms: (date, hijri, gold, silver, rate) => `نصاب الزكاة ${date} (${hijri})${rate ? `، ${rate}` : ''}: الذهب ${gold}، الفضة ${silver}.`,
  smsGoldOnly: (date, hijri, gold, rate) => `نصاب الزكاة ${date} (${hijri})${rate ? `، ${rate}` : ''}: الذهب ${gold}.`,
  smsRate: (date, days, shown) => (days === null ? `سعر ${date}` : `سعر ${date}، عمره ${arabicCount(days, DAY, { shown })}`),
  hijriIn: (date, calendar) => `${date}، ${calendar}`,
  more: (address) => `التفاصيل: ${address}`,
  feedName: 'الشهور الهجرية كما أعلنتها نيجيريا',
  feedDescription: 'أول يوم من كل شهر هجري كما أعلنه سلطان صكتو بناءً على تقارير لجان رؤية الهلال (NMCN)، مع مصدر كل إعلان.',
  feedEvent: (month, source) => `أول يوم من ${month} كما أعلنه سلطان صكتو (NMCN). المصدر: ${source}`,
  subscribeTitle: 'شهور نيجيريا في تقويمك',
  subscribeHtml: (link) =>
    `اشترك في ${link} فيظهر كل شهر أُعلن في تطبيق التقويم، ويُحدَّث كلما أُعلن شهر جديد. Google Calendar (على الحاسوب): Other calendars ثم + ثم From URL والصق عنوان الرابط. Apple: على Mac: File ثم New Calendar Subscription؛ وعلى iPhone: Settings ثم Calendar ثم Accounts ثم Add Account ثم Other ثم Add Subscribed Calendar. Outlook: Add calendar ثم Subscribe from web.`,
  addToCalendar: 'أضِفه إلى تقويمي',
  addUmmAlQura: 'أضِف يوم أم القرى إلى تقويمي بدلًا منه',
  reminderSummary: (hijri) => `الزكاة: حولي، ${hijri}`,
  reminderYearly: (hijri, calendar) => `يتم حولي في ${hijri} (${calendar}): يتكرر هذا التذكير في هذا اليوم الهجري كل سنة بحساب ${calendar}.`,
  reminderOnce: (hijri, calendar) => `يتم حولي في ${hijri} (${calendar}). تُعلَن شهور نيجيريا شهرًا بشهر عند رؤية الهلال، فهذا التذكير لهذه السنة وحدها.`,
  reminderCheck: 'اطّلع على نصاب ذلك اليوم في صفحة النصاب.',
};

export const years: YearsStrings = {
  summary: 'السنوات التي لم أزكِّ فيها',
  intro: 'تجب زكاة كل سنة فاتت بنصاب يوم حولها، وتُطرح زكاة كل سنة قبل تقويم التي بعدها على ما يقول به مذهبك. المذهب والمعيار هما ما اخترته في الحاسبة أعلاه.',
  day: 'يوم الحول (1 إلى 30)',
  month: 'الشهر الهجري',
  calendar: 'التقويم',
  count: 'عدد السنوات التي لم تُزكَّ (1 إلى 30)',
  cash: 'النقود التي كانت بيدك في كل يوم حول (₦)',
  herds: 'الأنعام التي كانت عندك في كل يوم حول (عدد الرؤوس)',
  show: 'احسب السنوات',
  loading: 'جارٍ قراءة نصاب كل سنة…',
  bad: 'أدخل يومًا من 1 إلى 30، وعددًا من السنوات من 1 إلى 30، ومبلغًا أو عددًا من الأنعام.',
  colYear: 'السنة',
  colHawl: 'يوم الحول',
  colNisab: 'نصاب ذلك اليوم',
  colHeld: 'ما كان بيدك',
  heldIn: (year: string) => `ما كان بيدك في يوم حول سنة ${year}`,
  perYear: 'ألم يكن المبلغ نفسه كل سنة؟ غيِّر مبلغ السنة في صفّها، وتبقى السنوات الأخرى على المبلغ أعلاه.',
  colTakenOff: 'ما طُرح عن السنوات السابقة',
  colDue: 'الواجب',
  colWhy: 'السبب',
  rateOf: (date) => `بسعر يوم ${date}`,
  why: {
    reaches: 'بلغ النصاب',
    below: 'دون النصاب: لا شيء فيها',
    afterBelow: 'السنة التي بعد سنة دون النصاب يُستأنف فيها الحول: لا شيء فيها',
    noRate: 'لا سعر في ذلك اليوم ولا قبله: لم تُحسب',
    noCalendar: (calendar) => `هذا الشهر ليس في بيانات تقويم ${calendar}: لم تُحسب`,
    notYet: 'لم يأتِ هذا اليوم بعد',
  },
  unknownBefore: (years) => `زكاة ${years} غير معروفة، فلم تُطرح`,
  total: (amount, count, shown) => `الزكاة الواجبة الآن عن ${arabicCount(count, YEAR, { shown, grammaticalCase: 'genitive' })}: ${amount}`,
  print: 'اطبع البيان',
  statement: 'بيان الزكاة الواجبة عن السنوات الماضية',
  hawlDay: (day, calendar, latest, gregorian) => `يوم الحول: ${day} (${calendar})؛ في ${latest}: ${gregorian}`,
  school: (school, standard) => `المذهب: ${school}. نصاب النقود: ${standard}.`,
  sources: 'المصادر:',
  printed: (date, asOf, days, shown) => `طُبع في ${date}، من بيانات ${asOf} (قبل ذلك بـ${arabicCount(days, DAY, { shown })}).`,
  next: 'يوم حولك القادم:',
};
