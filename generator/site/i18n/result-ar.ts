// The calculator's answer in Arabic (result-en.ts is the model), in the terms of
// the fiqh books (النصاب، الحول، المال المستفاد، عروض القنية، المعلوفة والعوامل).
// Amounts with their units come isolated (page/result-words.ts) so they read in
// order right to left; every number that meets a noun takes the form Arabic
// gives that number (arabicCount, i18n/ar.ts): 85 غرامًا، 4 آصع، حقتان، 3 سنوات.
// The school names are adjectives of المذهب (المذهب المالكي). Reviewed as a
// native reader would read it (docs/translations.md).
import { type ArabicNoun, arabicBodyNames, arabicCount, arabicNouns } from './ar.ts';
import type { ResultStrings } from './catalogue.ts';

const isolate = (text: string) => `\u2068${text}\u2069`;

/**
 * A count that result-words.ts hands over as a figure (maybe already isolated:
 * "\u20683\u2069", "1,200", "2.5"), with its noun, isolated again so that the due
 * cell keeps every figure inside an isolate.
 */
function counted(figure: string, noun: ArabicNoun, grammaticalCase: 'nominative' | 'genitive' = 'nominative'): string {
  const shown = figure.replace(/[\u2068\u2069]/g, '');
  return isolate(arabicCount(Number(shown.replaceAll(',', '')), noun, { shown, grammaticalCase }));
}

// The animals the hadith of Abu Bakr's letter and of Mu'adh name, counted as those texts count them:
// ففيها بنت مخاض، ابنتا لبون، حقتان، جذعة؛ تبيع، مسنة (one of each without a figure, as the texts write it).
const BINT_MAKHAD: ArabicNoun = { one: 'بنت مخاض', two: 'بنتا مخاض', twoGenitive: 'بنتي مخاض', few: 'بنات مخاض', many: 'بنتَ مخاض', hundred: 'بنت مخاض' };
const BINT_LABUN: ArabicNoun = { one: 'بنت لبون', two: 'بنتا لبون', twoGenitive: 'بنتي لبون', few: 'بنات لبون', many: 'بنتَ لبون', hundred: 'بنت لبون' };
const HIQQAH: ArabicNoun = { one: 'حقة', two: 'حقتان', twoGenitive: 'حقتين', few: 'حقاق', many: 'حقةً', hundred: 'حقة' };
const JADHAAH: ArabicNoun = { one: 'جذعة', two: 'جذعتان', twoGenitive: 'جذعتين', few: 'جذاع', many: 'جذعةً', hundred: 'جذعة' };
const TABI: ArabicNoun = { one: 'تبيع', two: 'تبيعان', twoGenitive: 'تبيعين', few: 'أتبعة', many: 'تبيعًا', hundred: 'تبيع' };
const MUSINNAH: ArabicNoun = { one: 'مسنة', two: 'مسنتان', twoGenitive: 'مسنتين', few: 'مسنات', many: 'مسنةً', hundred: 'مسنة' };

const animals = {
  sheep: 'شاة',
  bint_makhad: 'بنت مخاض',
  bint_labun: 'بنت لبون',
  hiqqah: 'حقة',
  jadhaah: 'جذعة',
  tabi: 'تبيع',
  musinnah: 'مسنة',
};
/** Each animal's name (as `animal` receives it) to its counted forms. */
const ANIMAL_NOUNS: Record<string, ArabicNoun> = {
  [animals.sheep]: arabicNouns.sheep,
  [animals.bint_makhad]: BINT_MAKHAD,
  [animals.bint_labun]: BINT_LABUN,
  [animals.hiqqah]: HIQQAH,
  [animals.jadhaah]: JADHAAH,
  [animals.tabi]: TABI,
  [animals.musinnah]: MUSINNAH,
};

/** A rate as the books name it, its figure (isolated) in brackets: "نصف العشر (5٪)". */
function rate(percent: string): string {
  const words: { [figure: string]: string } = { '2.5': 'ربع العشر', '5': 'نصف العشر', '10': 'العشر' };
  const named = words[percent.replace(/[\u2068\u2069]/g, '')];
  return named ? `${named} (${percent}٪)` : `${percent}٪`;
}

const schools = { hanafi: 'الحنفي', maliki: 'المالكي', shafii: 'الشافعي', hanbali: 'الحنبلي' };
const SCHOOL_NAMES: string[] = Object.values(schools);

/**
 * The schools of a rule, as result-words.ts joins them ("الحنفي, المالكي"): المذهب
 * before one, المذهبان or المذاهب before several, each adjective joined by و
 * (المذاهب الحنفي والمالكي والشافعي, the adjectives of several named one by one).
 */
function schoolList(joined: string): string | null {
  const names = joined.split(', ');
  if (!names.every((n) => SCHOOL_NAMES.includes(n))) return null;
  const noun = names.length === 1 ? 'المذهب' : names.length === 2 ? 'المذهبان' : 'المذاهب';
  return `${noun} ${names.join(' و')}`;
}

export const result: ResultStrings = {
  inputs: {
    inKindTitle: 'الأنعام والزروع وزكاة الفطر',
    outOfRange: (label, max) => `${label}: أدخل عددًا من 0 إلى ${max}.`,
    tooMany: (label, max) => `${label}: لا تُدخل أكثر من ${max}.`,
    debtsTitle: 'الديون، وما لك على الناس، والمال المستفاد',
    debts: 'ما عليك من دين يجب قضاؤه (₦)',
    debtCover: 'ما تملكه مما لا زكاة فيه فاضلًا عن حاجتك: أرض، أو دار ثانية، أو عروض قِنية (₦)',
    receivable: 'دين لك على غيرك (₦)',
    receivableKind: 'وهو',
    loan: 'قرض',
    trade: 'ثمن سلع بعتها',
    collected: 'قبضته هذا العام (ولم تُدخله في نقودك)',
    outOfReach: 'لم يحلّ أجله، أو المدين جاحد له ولا بيّنة لك، أو معسر',
    yearsOut: 'عدد السنين التي أقام فيها عند المدين',
    newMoney: 'من نقودك: ما ملكته منذ أقل من حول وليس ربحًا، كهبة أو ميراث أو أجرة (₦)',
    savingsGold: 'حلي الذهب المدّخر لنوائب الدهر أو لصداق أو للتجارة (بالغرام)',
    savingsSilver: 'حلي الفضة المدّخر (بالغرام)',
    standardNote: 'إذا كان لمذهبك تقدير خاص للنقود (الحنفية: بالنصاب الأنفع للفقراء) فهو المعتمد؛ وسائر المذاهب تترك لك اختيار المعيار.',
    partnerCamels: 'إبل خليطك في الماشية المختلطة (الخلطة)',
    partnerCattle: 'بقر خليطك في الماشية المختلطة (الخلطة)',
    partnerSheepGoats: 'غنم خليطك في الماشية المختلطة (الخلطة)',
    valueCamels: 'قيمة إبلك، حيث يُخصم الدين من الماشية في مذهبك (₦)',
    valueCattle: 'قيمة بقرك، حيث يُخصم الدين من الماشية في مذهبك (₦)',
    valueSheepGoats: 'قيمة غنمك، حيث يُخصم الدين من الماشية في مذهبك (₦)',
    wateringShare: 'الزروع المسقية بالمؤنة وبغيرها: الجزء المسقي بغير مؤنة، بالمطر أو الأنهار (من 0 إلى 1؛ و0.5 النصف)',
  },
  schools,
  what: {
    money: 'النقود وعروض التجارة',
    gold: 'الذهب',
    silver: 'الفضة',
    'worn-gold': 'حلي المرأة الملبوس من الذهب',
    'worn-silver': 'حلي المرأة الملبوس من الفضة',
    'savings-gold': 'حلي الذهب المدّخر',
    'savings-silver': 'حلي الفضة المدّخر',
    'muhtakir-goods': 'عروض التجارة عند المحتكر',
    debts: 'الديون التي عليك',
    'receivable-loan': 'قرض لك على غيرك',
    'receivable-trade': 'دين تجارة لك على غيرك',
    'receivable-arrears-loan': 'القرض: السنون الماضية',
    'receivable-arrears-trade': 'دين التجارة: السنون الماضية',
    'new-money': 'المال المستفاد هذا العام',
    'crops-rain-fed': 'الزروع (المسقية بالمطر أو الأنهار)',
    'crops-irrigated': 'الزروع (المسقية بكلفة)',
    'crops-mixed': 'الزروع (المسقية بهما مناصفة)',
    camels: 'الإبل',
    cattle: 'البقر',
    'sheep-goats': 'الغنم (الضأن والمعز)',
    fitr: 'زكاة الفطر',
  },
  units: {
    gram: (n) => counted(n, arabicNouns.gram),
    kg: (n) => counted(n, arabicNouns.kilogram),
    head: (n) => counted(n, arabicNouns.head),
    person: (n) => counted(n, arabicNouns.person),
    sa: (n) => counted(n, arabicNouns.saa),
  },
  animals,
  // The age and sex the rule asks for follow in brackets: «مسنة (أنثى لا ذكر، لها أربع سنين)».
  animal: (count, item, words) => {
    const noun = ANIMAL_NOUNS[item];
    return `${noun ? counted(count, noun) : `${item}: ${count}`}${words ? ` (${words})` : ''}`;
  },
  animalWords: {
    'a sheep or a goat': 'من الضأن أو المعز',
    'a she-camel in her second year': 'ناقة في سنتها الثانية',
    'a she-camel in her third year': 'ناقة في سنتها الثالثة',
    'a she-camel in her fourth year': 'ناقة في سنتها الرابعة',
    'a she-camel in her fifth year': 'ناقة في سنتها الخامسة',
    'a she-camel of two years, as al-Risala counts': 'ناقة لها سنتان، كما في الرسالة',
    'a she-camel of three years, as al-Risala counts': 'ناقة لها ثلاث سنين، كما في الرسالة',
    'a she-camel of four years, ready to carry and be bred': 'ناقة لها أربع سنين، استحقت أن يُحمل عليها ويطرقها الفحل',
    'a she-camel of five years, as al-Risala counts': 'ناقة لها خمس سنين، كما في الرسالة',
    'a calf, male or female, one year old': 'ذكر أو أنثى له سنة',
    'a calf, male or female, two years old': 'ذكر أو أنثى له سنتان',
    'a cow two years old': 'بقرة لها سنتان',
    'a cow, female only, four years old': 'أنثى لا ذكر، لها أربع سنين',
    "a jadha' of sheep or a thaniy of goats": 'جذعة من الضأن أو ثنية من المعز',
    "a sheep or a goat, jadha' or thaniy": 'جذعة من الضأن أو ثنية من المعز',
    "a sheep or a goat, jadha' or thaniy, from the flocks of the land": 'جذعة من الضأن أو ثنية من المعز، من غنم البلد',
  },
  and: ' و',
  or: '، أو ',
  pastYear: (year) => `السنة ${year} من السنين الماضية`,
  pastYearSpan: (first, last) => `السنون من ${first} إلى ${last} من السنين الماضية`,
  fromTo: (from, to) => `من ${from} إلى ${to}`,
  animalsMore: (units) => `، أو أي مزيج آخر من ${units}`,
  perHeads: (animal, heads) => `${animal} في كل ${heads}`,
  due: {
    nothing: 'لا شيء',
    exempt: 'لا شيء: لا زكاة فيه',
    countedGold: 'يُضم إلى ذهبك',
    countedSilver: 'يُضم إلى فضتك',
    countedMoney: 'يُضم إلى نقودك',
    money: (percent, amount) => `${rate(percent)}: ${amount}`,
    metal: (grams, percent, amount) => `${grams}، ${rate(percent)}${amount ? `: ${amount}` : ''}`,
    crop: (kg, measure, percent) => `${kg} من المحصول (${measure})، ${rate(percent)}`,
    fitr: {
      'one-sa': (amount, kwano) => `${amount} من الطعام (${kwano})`,
      'hanafi-half-sa-wheat': (amount) => `${amount} من البر أو دقيقه أو الزبيب`,
      'hanafi-sa-dates-barley': (amount) => `${amount} من التمر أو الشعير`,
    },
    // The kwano, Kano's measure of a sa' (docs/translations.md), named as it is called there.
    kwano: (kwano, mudd) => `${kwano} كوانو بمكيال كانو، ${counted(mudd, arabicNouns.mudd)}`,
    wasq: (n) => counted(n, arabicNouns.wasq),
    // The parts come joined by a Latin semicolon (result-words.ts): the Arabic one between them.
    deducted: (parts) => `خُصم: ${parts.replaceAll('; ', '؛ ')}`,
    covered: (amount) => `${amount} في مقابلة ما تملكه مما لا زكاة فيه`,
    fromMoney: (amount) => `${amount} من نقودك`,
    fromGold: (amount) => `${amount} من ذهبك`,
    fromSilver: (amount) => `${amount} من فضتك`,
    notDeducted: 'لا يُخصم',
    later: (years) => (years === null ? 'لا شيء الآن: زكاة عام واحد عند قبضه' : `لا شيء الآن: زكاة ${counted(years, arabicNouns.year, 'genitive')} عند قبضه`),
    unknown: 'غير معروف: لم يُنشر حكم لهذه الحالة',
  },
  why: {
    alone: (nisab) => `فيه وحده نصاب كامل (${nisab}).`,
    belowOwn: (nisab) => `دون النصاب (${nisab}).`,
    noRate: 'لا سعر لهذا المعيار بعد: لا يمكن تقويم النصاب.',
    noRule: 'اسأل أهل العلم: ليس في البيانات حكم لهذه الحالة.',
    noNisab: 'لا نصاب في هذا الحكم: يجب الحق في قليل المحصول وكثيره.',
    standardPayer: (standard) => `تُقاس النقود ب${standard}، كما اخترت.`,
    standardSchool: (standard) => `تُقاس النقود ب${standard}: تقدير الحنفية بالنصاب الأنفع للفقراء (قول أبي حنيفة)، أيًّا كان المعيار الذي اخترته.`,
    standards: {
      gold: `نصاب الذهب (${arabicCount(85, arabicNouns.gram)})`,
      silver: `نصاب الفضة (${arabicCount(595, arabicNouns.gram)})`,
      lower: 'أدنى النصابين اليوم، نصاب الذهب أو نصاب الفضة',
    },
    partsReach: (school, sum) => `يكتمل النصاب بالضم إلى سائر أموالك: المذهب ${school} يضمها بالأجزاء، كلٌّ بنسبته من نصابه (${sum}؛ ويكتمل النصاب بواحد فأكثر).`,
    partsBelow: (school, sum) => `دون النصاب: المذهب ${school} يضم أموالك بالأجزاء (${sum}؛ ولا يكتمل النصاب بأقل من واحد).`,
    valueReach: (school, total, nisab) => `يكتمل النصاب بالضم إلى سائر أموالك: المذهب ${school} يضمها بالقيمة (قول أبي حنيفة)، ${total} مقابل ${nisab}.`,
    valueBelow: (school, total, nisab) => `دون النصاب: ضُمّت أموالك بالقيمة (المذهب ${school}، قول أبي حنيفة)، ${total} مقابل ${nisab}.`,
    none: (school) => `دون النصاب: المذهب ${school} لا يضم الذهب إلى الفضة؛ فلا بد أن يبلغ كلٌّ من الذهب والفضة والنقود نصابه وحده.`,
    // The RLM makes the share's isolate right to left (its parts are isolates of their own, with no strong letter
    // outside them, so an FSI alone resolves left to right and shows «85 غرامًا ÷ 60 غرامًا» for 60 ÷ 85).
    share: (held, nisab) => `\u200F${held} ÷ ${nisab}`,
    wornNoSchool: 'لم يُختر مذهب: حُسب حلي المرأة الملبوس (فيه الزكاة عند الحنفية، ولا زكاة فيه عند الجمهور).',
    wornDue: (school) => `المذهب ${school} يوجب الزكاة في حلي المرأة المباح الملبوس.`,
    wornExempt: (school) => `المذهب ${school} لا يوجب الزكاة في حلي المرأة المباح الملبوس. أما ذهب الرجل فليس حليًّا مباحًا له: أدخله مع الذهب.`,
    savings: (school) => `الحلي المدّخر لنوائب الدهر أو لصداق أو للتجارة فيه الزكاة كسائر الذهب والفضة (المذهب ${school}).`,
    savingsNoPosition: 'حُسب: الحلي المدّخر غير الملبوس يُعامل معاملة الذهب والفضة (لم يُنشر هنا قول مذهبك؛ اسأل أهل العلم).',
    muhtakirSold: 'المحتكر يزكي الثمن إذا باع، مرة واحدة لعام واحد، وإن أقامت السلع عنده أعوامًا.',
    muhtakirUnsold: 'لا زكاة على المحتكر في سلع يتربص بها الغلاء حتى يبيعها.',
    debtCover: (school) =>
      `المذهب ${school} يجعل الدين أولًا في مقابلة ما تملكه مما لا زكاة فيه وهو فاضل عن حاجتك، ثم في ذهبك وفضتك ونقودك؛ ولا يُسقط الدين زكاة الحرث والماشية.`,
    debtCoverTerms:
      'ويُشترط فيما يُجعل في مقابلة الدين أن يكون قد حال عليه الحول عندك، وأن يكون مما يُباع على المفلس (لا دار سكناك ولا ثوب بدنك)، وتُعتبر قيمته وقت وجوب الزكاة.',
    debtDeducted: (school) => `المذهب ${school} يطرح ما عليك من الدين من أموالك، ثم يقابل الباقي بالنصاب.`,
    debtNotDeducted: (school) => `المذهب ${school} (في الأظهر) لا يجعل الدين مانعًا من الزكاة: تزكي كل ما بيدك.`,
    debtNoSchool: 'لم يُختر مذهب: خُصم دينك من نقودك وذهبك وفضتك، كما يرى المالكية والحنفية والحنابلة.',
    debtLeft: (livestockToo) =>
      livestockToo ? 'بقي شيء من الدين: مذهبك يجعله في الماشية أيضًا؛ اسأل أهل العلم عن كيفيته.' : 'بقي شيء من الدين: ولا تنقص به زكاة الزروع والماشية.',
    loanOneYear: (school) => `المذهب ${school}: لا زكاة في القرض حتى يُقبض، ثم يزكيه لعام واحد وإن أقام أعوامًا.`,
    tradeMudir: (school) => `المذهب ${school}: التاجر المدير يضم ديون تجارته المرجوّة إلى نقوده ويزكيها كل عام.`,
    tradeMuhtakir: (school) => `المذهب ${school}: التاجر المحتكر لا يزكي دين التجارة حتى يقبضه، ثم يزكيه لعام واحد.`,
    everyYearOnCollection: (school, years) => `المذهب ${school}: تجب زكاته عن كل سنة أقامها عند المدين (${counted(years, arabicNouns.year)})، وتُخرج عند قبضه.`,
    everyYear: (school) => `المذهب ${school}: الدين الذي لك على مليء يُضم إلى نقودك ويُزكى كل عام.`,
    receivableNoSchool: 'لم يُختر مذهب: يُضم ما لك على الناس إلى نقودك هذا العام.',
    arrears: (years) => `زكاة السنين الماضية (${counted(years, arabicNouns.year)}): تُطرح زكاة كل سنة من المال قبل حساب التي بعدها.`,
    arrearsNow: (years) =>
      `تجب الآن، قبضته أو لم تقبضه: زكاة ما لم تُخرجه من السنين الماضية (${counted(years, arabicNouns.year)}). فالدين على مليء مقرّ به كالمال المودَع عنده؛ وتُطرح زكاة كل سنة من المال قبل حساب التي بعدها.`,
    pastYearsToday: 'الدين الذي لك لا تاريخ له: تُقاس كل سنة ماضية بنصاب اليوم، مع بقية أموالك كما أدخلتها.',
    pastYearsTakenOff: 'تُطرح زكاة كل سنة قبل تقويم التي بعدها، وهذه السنة منها.',
    pastYearDue: (years, counted, nisab, due) => `${years}: المحسوب ${counted}، والنصاب ${nisab}: الواجب ${due}.`,
    pastYearBelow: (years, counted, nisab) => `${years}: المحسوب ${counted}، دون النصاب ${nisab}: لا شيء فيها.`,
    pastYearAfterBelow: (years) => `${years}: كانت السنة التي قبلها دون النصاب، ومذهبك يستأنف الحول إذا عاد المال إلى النصاب: فلا شيء فيها.`,
    pastYearNoRate: (years) => `${years}: لا سعر في ذلك اليوم ولا قبله، فالنصاب غير معروف، ولم تُحسب الزكاة.`,
    ownHawl: (school) => `المذهب ${school}: المال المستفاد هذا العام (هبة أو ميراث أو أجرة) لا زكاة فيه حتى يحول عليه الحول؛ والربح تابع لأصله.`,
    joinsNisab: (school) => `المذهب ${school} (قول أبي حنيفة): المال المستفاد في أثناء الحول يُضم إلى النصاب الذي عندك ويُزكى معه.`,
    joinsNoNisab: (school) => `المذهب ${school} (قول أبي حنيفة): المستفاد يُضم إلى نصاب قائم؛ وبقية أموالك لم تبلغ النصاب، فينتظر المستفاد حوله.`,
    newMoneyNoSchool: 'لم يُختر مذهب: المال المستفاد هذا العام ينتظر حوله، كما يرى المالكية والشافعية والحنابلة.',
    grazingRequired: 'مذهبك لا يوجب الزكاة إلا في السائمة التي ترعى أكثر الحول.',
    grazingNotRequired: 'مذهبك يوجب الزكاة في المعلوفة والعوامل أيضًا.',
    grazingNoSchool: 'المالكية يوجبون الزكاة في المعلوفة والعوامل؛ وسائر المذاهب في السائمة وحدها.',
    fitr: 'تجب عن كل شخص، وتُخرج قبل صلاة العيد.',
  },
  flock: {
    part: (n, d, written) => (n === 1 && d === 2 ? 'نصف ما' : n === 1 && d === 3 ? 'ثلث ما' : n === 1 && d === 4 ? 'ربع ما' : `${written} مما`),
    due: (part, of, flock) =>
      `${part} يجب في الماشية المختلطة (${flock})، وهو ${of}: يأخذه الساعي من جملتها، ويتراجع الخليطان بينهما بالسوية على قدر عدد ماشيتهما`,
    oneHerd: (school, partner, flock) =>
      `المذهب ${school} يجعل الخليطين في الماشية كالمالك الواحد: ماشيتك مع ماشية خليطك (${partner})، ${flock} في الجملة؛ ويتراجعان بالسوية على قدر عدد ماشيتهما.`,
    eachReaches: (school, partner, flock) =>
      `المذهب ${school} يجعل الخليطين كالمالك الواحد إذا كان لكل واحد منهما نصاب، وهو حاصل هنا (لخليطك ${partner})، ${flock} في الجملة؛ ويتراجعان بالسوية على قدر عدد ماشيتهما.`,
    notEach: (school, partner) =>
      `المذهب ${school} لا يجمع بين الخليطين في الصدقة حتى يكون لكل واحد منهما نصاب، وليس ذلك هنا (لخليطك ${partner})، فتُزكّى ماشيتك وحدها.`,
    eachAlone: (school, partner) => `المذهب ${school} لا أثر عنده للخلطة: تُزكّى ماشيتك وحدها (ولخليطك ${partner}).`,
    noSchool: (partner) => `لم يُختر مذهب: تُزكّى ماشيتك وحدها (ولخليطك ${partner})؛ والمذاهب مختلفة في الخلطة.`,
    debt: (value, head, left) => `خُصم من دينك ${value} في مقابلة هذه الماشية بقيمتها، أي ${head}: والباقي لك خالصًا من الدين ${left}، وهو الذي يُزكّى.`,
    fromHerd: (amount, herd) => `${amount} من ماشيتك (${herd})`,
    debtLeftValue: 'بقي شيء من الدين: مذهبك يجعله في الماشية أيضًا؛ أدخل قيمة كل صنف من ماشيتك ليُخصم منها.',
    debtLeftAll: 'بقي شيء من الدين: وهو أكثر من كل ما يُخصم منه.',
  },
  watering: {
    what: 'الزروع (المسقية بالمؤنة وبغيرها)',
    percent: (n) => `${n}٪`,
    eachPart: (school, share) => `المذهب ${school}: ما سُقي بالمؤنة وبغيرها فعلى حكميهما: العشر فيما سُقي بغير مؤنة (${share})، ونصف العشر في الباقي.`,
    greaterPart: (school, share) => `المذهب ${school}: ما سُقي بالمؤنة وبغيرها يُعتبر فيه الأكثر (المسقي بغير مؤنة: ${share})؛ فإن استويا فنصف العشر.`,
  },
  rule: (id, named) => `الحكم رقم ${id}: ${schoolList(named) ?? named}`,
  // Each body by its Arabic name, its short name after it (لجنة رؤية الهلال النيجيرية (NMCN)), as the notice names it.
  ruleBody: (bodies) =>
    bodies
      ? `تقدير معاصر تعمل به ${bodies
          .split(', ')
          .map((short) => (arabicBodyNames[short] ? `${arabicBodyNames[short]} (${short})` : short))
          .join(' و')}`
      : 'تقدير هيئة معاصرة',
  total: (amount) => `الزكاة الواجبة نقدًا: ${amount}`,
  inKind: 'ويجب مع النقود عينًا:',
  inKindOnly: 'الواجب عينًا (لا نقدًا):',
  nothingDue: 'لا زكاة فيما أدخلته.',
};
