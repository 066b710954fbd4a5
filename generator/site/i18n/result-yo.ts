// The calculator's answer in Yorùbá (typed from result-en.ts). Who owes whom: a
// debt the payer owes is "gbèsè tí o jẹ" (o jẹ: you owe), money owed to him "owó tí
// wọ́n jẹ ọ́" (they owe you). The schools are "ìlànà Maliki", as Yorùbá Muslims say.
// docs/translations.md lists what a native reviewer should read first.
import type { ResultStrings } from './catalogue.ts';

/** A rate as the books say it, its figure (isolated) in brackets: "ìdajì ìdá mẹ́wàá (5%)"; another "ìdá 3 nínú ọgọ́rùn-ún". */
function rate(percent: string): string {
  const words: { [figure: string]: string } = { '2.5': 'ìdá kan nínú ogójì', '5': 'ìdajì ìdá mẹ́wàá', '10': 'ìdá mẹ́wàá' };
  const named = words[percent.replace(/[\u2068\u2069]/g, '')];
  return named ? `${named} (${percent}%)` : `ìdá ${percent} nínú ọgọ́rùn-ún`;
}

export const result: ResultStrings = {
  inputs: {
    inKindTitle: 'Ẹran ọ̀sìn, irè oko àti sàká fitr',
    outOfRange: (label, max) => `${label}: tẹ nọ́mbà kan láti 0 dé ${max}.`,
    tooMany: (label, max) => `${label}: má ṣe tẹ ju ${max} lọ.`,
    debtsTitle: 'Gbèsè, owó tí wọ́n jẹ ọ́, owó tuntun',
    debts: 'Gbèsè tí o jẹ, tí o gbọdọ̀ san padà (₦)',
    debtCover: 'Ohun tí o ní tí kò ní sàká lórí, tí ó sì ju ohun tí o nílò lọ: ilẹ̀, ilé kejì, ẹrù tí o ń lò (₦)',
    receivable: 'Owó tí ẹlòmíì jẹ ọ́ (₦)',
    receivableKind: 'Ó jẹ́',
    loan: 'owó tí o yá a',
    trade: 'owó ọjà tí o tà fún un',
    collected: 'Ó ti san án padà fún ọ lọ́dún yìí (o kò tún tẹ̀ ẹ́ bí owó lọ́wọ́)',
    outOfReach: 'Kò tíì tó àkókò sísan rẹ̀, tàbí ẹni tí ó jẹ ọ́ sẹ́ ẹ (tí o kò sì ní ẹ̀rí), tàbí kò lè san án',
    yearsOut: 'Ọdún mélòó ni ó fi wà lọ́wọ́ rẹ̀',
    newMoney: 'Nínú owó rẹ, èyí tí ó dé ọwọ́ rẹ tí kò tíì pé ọdún òṣùpá kan, tí kì í ṣe èrè: ẹ̀bùn, ogún, owó iṣẹ́ (₦)',
    savingsGold: 'Ohun ọ̀ṣọ́ wúrà tí o kó pamọ́ fún ọjọ́ ìṣòro, fún sàdáàkí tàbí láti tà (gíráàmù)',
    savingsSilver: 'Ohun ọ̀ṣọ́ fàdákà tí o kó pamọ́ (gíráàmù)',
    standardNote: 'Níbi tí ìlànà rẹ bá ní òṣùwọ̀n tirẹ̀ fún owó (Hanafi: Nisab tí ó ṣe àwọn aláìní láǹfààní jù), òun ni a ó lò; àwọn yòókù fi yíyàn sílẹ̀ fún ọ.',
    partnerCamels: 'Ràkúnmí alájọṣe rẹ nínú agbo àjọni (khulta)',
    partnerCattle: 'Màlúù alájọṣe rẹ nínú agbo àjọni (khulta)',
    partnerSheepGoats: 'Àgùntàn àti ewúrẹ́ alájọṣe rẹ nínú agbo àjọni (khulta)',
    valueCamels: 'Iye owó ràkúnmí rẹ, níbi tí ìlànà rẹ ti ń yọ gbèsè kúrò lára ẹran ọ̀sìn (₦)',
    valueCattle: 'Iye owó màlúù rẹ, níbi tí ìlànà rẹ ti ń yọ gbèsè kúrò lára ẹran ọ̀sìn (₦)',
    valueSheepGoats: 'Iye owó àgùntàn àti ewúrẹ́ rẹ, níbi tí ìlànà rẹ ti ń yọ gbèsè kúrò lára ẹran ọ̀sìn (₦)',
    wateringShare: 'Irè oko tí a bomirin ní ọ̀nà méjèèjì: ìpín tí a bomirin láìsí owó, nípa òjò tàbí odò (láti 0 dé 1; 0.5 ni ìdajì)',
  },
  schools: { hanafi: 'Hanafi', maliki: 'Maliki', shafii: "Shafi'i", hanbali: 'Hanbali' },
  what: {
    money: 'Owó àti ọjà títà',
    gold: 'Wúrà',
    silver: 'Fàdákà',
    'worn-gold': 'Ohun ọ̀ṣọ́ wúrà tí obìnrin ń lò',
    'worn-silver': 'Ohun ọ̀ṣọ́ fàdákà tí obìnrin ń lò',
    'savings-gold': 'Ohun ọ̀ṣọ́ wúrà tí a kó pamọ́',
    'savings-silver': 'Ohun ọ̀ṣọ́ fàdákà tí a kó pamọ́',
    'muhtakir-goods': 'Ọjà títà (muhtakir)',
    debts: 'Gbèsè rẹ',
    'receivable-loan': 'Owó tí o yá ẹlòmíì',
    'receivable-trade': 'Owó ọjà tí ẹlòmíì jẹ ọ́',
    'receivable-arrears-loan': 'Owó tí o yá ni: àwọn ọdún tí ó kọjá',
    'receivable-arrears-trade': 'Owó ọjà tí wọ́n jẹ ọ́: àwọn ọdún tí ó kọjá',
    'new-money': 'Owó tí ó dé lọ́dún yìí',
    'crops-rain-fed': 'Irè oko (òjò tàbí odò)',
    'crops-irrigated': 'Irè oko (bíbomirin)',
    'crops-mixed': 'Irè oko (méjèèjì, ìdajì ìdajì)',
    camels: 'Ràkúnmí',
    cattle: 'Màlúù',
    'sheep-goats': 'Àgùntàn àti ewúrẹ́',
    fitr: 'Sàká fitr',
  },
  units: {
    gram: (n) => `gíráàmù ${n}`,
    kg: (n) => `kílò ${n}`,
    head: (n) => `orí ${n}`,
    person: (n) => (n === '1' ? 'ènìyàn kan' : `ènìyàn ${n}`),
    sa: (n) => `sa' ${n}`,
  },
  animals: {
    sheep: 'àgùntàn',
    bint_makhad: 'bint makhad',
    bint_labun: 'bint labun',
    hiqqah: 'hiqqah',
    jadhaah: "jadha'ah",
    tabi: "tabi'",
    musinnah: 'musinnah',
  },
  // After the noun, as Yorùbá counts: "musinnah kan" (one), "hiqqah 2".
  animal: (count, item, words) => `${item} ${count.replace(/[\u2068\u2069]/g, '') === '1' ? 'kan' : count}${words ? ` (${words})` : ''}`,
  animalWords: {
    'a sheep or a goat': 'àgùntàn tàbí ewúrẹ́ kan',
    'a she-camel in her second year': 'abo ràkúnmí tí ó wà ní ọdún kejì rẹ̀',
    'a she-camel in her third year': 'abo ràkúnmí tí ó wà ní ọdún kẹta rẹ̀',
    'a she-camel in her fourth year': 'abo ràkúnmí tí ó wà ní ọdún kẹrin rẹ̀',
    'a she-camel in her fifth year': 'abo ràkúnmí tí ó wà ní ọdún karùn-ún rẹ̀',
    'a she-camel of two years, as al-Risala counts': 'abo ràkúnmí ọlọ́dún méjì, bí al-Risala ṣe kà á',
    'a she-camel of three years, as al-Risala counts': 'abo ràkúnmí ọlọ́dún mẹ́ta, bí al-Risala ṣe kà á',
    'a she-camel of four years, ready to carry and be bred': 'abo ràkúnmí ọlọ́dún mẹ́rin, tí ó tó láti ru ẹrù, tí akọ sì lè gùn ún',
    'a she-camel of five years, as al-Risala counts': 'abo ràkúnmí ọlọ́dún márùn-ún, bí al-Risala ṣe kà á',
    'a calf, male or female, one year old': 'ọmọ màlúù, akọ tàbí abo, ọlọ́dún kan',
    'a calf, male or female, two years old': 'ọmọ màlúù, akọ tàbí abo, ọlọ́dún méjì',
    'a cow two years old': 'màlúù ọlọ́dún méjì',
    'a cow, female only, four years old': 'abo màlúù nìkan, ọlọ́dún mẹ́rin',
    "a jadha' of sheep or a thaniy of goats": "àgùntàn jadha' tàbí ewúrẹ́ thaniy",
    "a sheep or a goat, jadha' or thaniy": "àgùntàn tàbí ewúrẹ́, jadha' tàbí thaniy",
    "a sheep or a goat, jadha' or thaniy, from the flocks of the land": "àgùntàn tàbí ewúrẹ́, jadha' tàbí thaniy, láti inú agbo ẹran ìlú náà",
  },
  and: ' àti ',
  or: ', tàbí ',
  pastYear: (year) => `Ọdún ${year} tí ó kọjá`,
  pastYearSpan: (first, last) => `Àwọn ọdún tí ó kọjá, láti ${first} dé ${last}`,
  fromTo: (from, to) => `láti ${from} dé ${to}`,
  animalsMore: (units) => `, tàbí àpapọ̀ ${units} mìíràn`,
  perHeads: (animal, heads) => `${animal} fún orí ${heads} kọ̀ọ̀kan`,
  due: {
    nothing: 'kò sí nǹkan',
    exempt: 'kò sí nǹkan: a yọ̀ ọ́ sílẹ̀',
    countedGold: 'a kà á pọ̀ mọ́ wúrà rẹ',
    countedSilver: 'a kà á pọ̀ mọ́ fàdákà rẹ',
    countedMoney: 'a kà á pọ̀ mọ́ owó rẹ',
    money: (percent, amount) => `${rate(percent)}: ${amount}`,
    metal: (grams, percent, amount) => `${grams}, ${rate(percent)}${amount ? `: ${amount}` : ''}`,
    crop: (kg, measure, percent) => `${kg} nínú ìkórè (${measure}), ${rate(percent)}`,
    fitr: {
      'one-sa': (amount, kwano) => `oúnjẹ ${amount} (${kwano})`,
      'hanafi-half-sa-wheat': (amount) => `àlìkámà, ìyẹ̀fun tàbí èso àjàrà gbígbẹ ${amount}`,
      'hanafi-sa-dates-barley': (amount) => `dàbínù tàbí bálì ${amount}`,
    },
    kwano: (kwano, mudd) => `kwano ${kwano}, mudd ${mudd}`,
    wasq: (n) => `wasq ${n}`,
    deducted: (parts) => `a yọ ọ́ kúrò: ${parts}`,
    covered: (amount) => `${amount} nípa ohun tí o ní tí kò ní sàká lórí`,
    fromMoney: (amount) => `${amount} láti inú owó rẹ`,
    fromGold: (amount) => `${amount} láti inú wúrà rẹ`,
    fromSilver: (amount) => `${amount} láti inú fàdákà rẹ`,
    notDeducted: 'a kò yọ ọ́ kúrò',
    later: (years) =>
      years === null ? 'kò sí nǹkan báyìí: sàká ọdún kan nígbà tí wọ́n bá san án padà' : `kò sí nǹkan báyìí: sàká ọdún ${years} nígbà tí wọ́n bá san án padà`,
    unknown: 'a kò mọ̀: kò sí òfin tí a tẹ̀ jáde fún irú ọ̀rọ̀ yìí',
  },
  why: {
    alone: (nisab) => `Ó dé Nisab fúnra rẹ̀ (${nisab}).`,
    belowOwn: (nisab) => `Kò dé Nisab (${nisab}).`,
    noRate: 'Kò tíì sí iye fún òṣùwọ̀n yìí: a kò lè ṣírò Nisab.',
    noRule: 'Béèrè lọ́wọ́ onímọ̀ ẹ̀sìn: kò sí òfin fún irú ọ̀rọ̀ yìí nínú ìsọfúnni wa.',
    noNisab: 'Òfin yìí kò ní Nisab: gbogbo ìkórè ni ó ní ìpín tirẹ̀ láti san.',
    standardPayer: (standard) => `A fi ${standard} wọn owó, bí o ṣe yàn án.`,
    standardSchool: (standard) => `A fi ${standard} wọn owó: òṣùwọ̀n Hanafi, Nisab tí ó ṣe àwọn aláìní láǹfààní jù (Abu Hanifah), ohunkóhun tí o bá yàn.`,
    standards: {
      gold: 'Nisab wúrà (gíráàmù 85)',
      silver: 'Nisab fàdákà (gíráàmù 595)',
      lower: 'èyí tí ó kéré lónìí nínú Nisab wúrà àti ti fàdákà',
    },
    partsReach: (school, sum) =>
      `Ó dé Nisab pẹ̀lú àwọn dúkìá rẹ yòókù: ìlànà ${school} ń kà wọ́n papọ̀ ní ìpín, ọ̀kọ̀ọ̀kan bí ìpín rẹ̀ nínú Nisab tirẹ̀ (${sum}; 1 tàbí jù bẹ́ẹ̀ lọ dé e).`,
    partsBelow: (school, sum) => `Kò dé Nisab: ìlànà ${school} ń ka àwọn dúkìá rẹ papọ̀ ní ìpín (${sum}; 1 ni a nílò).`,
    valueReach: (school, total, nisab) =>
      `Ó dé Nisab pẹ̀lú àwọn dúkìá rẹ yòókù: ìlànà ${school} (Abu Hanifah) ń kà wọ́n papọ̀ ní iye owó, ${total} ní ìfiwé ${nisab}.`,
    valueBelow: (school, total, nisab) => `Kò dé Nisab: a kà wọ́n papọ̀ ní iye owó (${school}, Abu Hanifah), ${total} ní ìfiwé ${nisab}.`,
    none: (school) => `Kò dé Nisab: ìlànà ${school} kì í ka wúrà àti fàdákà papọ̀; ọ̀kọ̀ọ̀kan wọn, àti owó rẹ, gbọdọ̀ dé Nisab tirẹ̀.`,
    share: (held, nisab) => `${held} ÷ ${nisab}`,
    wornNoSchool: 'O kò yan ìlànà kankan: a ka ohun ọ̀ṣọ́ tí obìnrin ń lò (ìlànà Hanafi ń gba sàká lórí rẹ̀; àwọn yòókù yọ̀ ọ́ sílẹ̀).',
    wornDue: (school) => `Ìlànà ${school} ń gba sàká lórí ohun ọ̀ṣọ́ tí ó tọ́ tí obìnrin ń lò.`,
    wornExempt: (school) => `Ìlànà ${school} yọ ohun ọ̀ṣọ́ tí ó tọ́ tí obìnrin ń lò sílẹ̀. Wúrà ọkùnrin kì í ṣe ohun ọ̀ṣọ́ tí ó tọ́: tẹ̀ ẹ́ bí wúrà.`,
    savings: (school) => `Ohun ọ̀ṣọ́ tí a kó pamọ́ fún ọjọ́ ìṣòro, fún sàdáàkí tàbí láti tà ní sàká bí wúrà àti fàdákà yòókù (ìlànà ${school}).`,
    savingsNoPosition: 'A kà á: ohun ọ̀ṣọ́ tí a kó pamọ́, tí a kò lò, ni a kà bí wúrà àti fàdákà (a kò tẹ ipò ìlànà rẹ jáde níbí; béèrè lọ́wọ́ onímọ̀ ẹ̀sìn).',
    muhtakirSold: 'Muhtakir ń san sàká lórí owó ọjà nígbà tí ó bá tà á, lẹ́ẹ̀kan, fún ọdún kan, bí ó ti wù kí ó pẹ́ tó lọ́wọ́ rẹ̀.',
    muhtakirUnsold: 'Muhtakir kò jẹ nǹkan lórí ọjà tí ó kó pamọ́ láti dúró de iye títí yóò fi tà á.',
    debtCover: (school) =>
      `Ìlànà ${school} kọ́kọ́ ń fi gbèsè wé ohun tí o ní tí kò ní sàká lórí, tí ó sì ju ohun tí o nílò lọ, lẹ́yìn náà wúrà, fàdákà àti owó rẹ; kì í fi wé irè oko tàbí ẹran ọ̀sìn láé.`,
    debtCoverTerms:
      'Ohun tí ó bo gbèsè gbọdọ̀ ti wà lọ́wọ́ rẹ fún ọdún òṣùpá kan gbáko, kí ó sì jẹ́ irú ohun tí a lè tà láti san gbèsè fún àwọn tí o jẹ (kì í ṣe ilé tí o ń gbé tàbí aṣọ tí o ń wọ̀); a ó díye lé e nígbà tí sàká bá di dandan.',
    debtDeducted: (school) => `Ìlànà ${school} ń yọ gbèsè tí o jẹ kúrò nínú dúkìá rẹ kí ó tó wọ̀n ọ́n pẹ̀lú Nisab.`,
    debtNotDeducted: (school) => `Ìlànà ${school} (èrò rẹ̀ tí ó fẹsẹ̀ múlẹ̀ jù) kò jẹ́ kí gbèsè dín sàká rẹ kù: o máa san lórí ohun tí o ní.`,
    debtNoSchool: 'O kò yan ìlànà kankan: a yọ gbèsè rẹ kúrò nínú owó, wúrà àti fàdákà rẹ, bí ìlànà Maliki, Hanafi àti Hanbali ṣe sọ.',
    debtLeft: (livestockToo) =>
      livestockToo ? 'Gbèsè ṣẹ́kù: ìlànà rẹ tún ń fi wé ẹran ọ̀sìn; béèrè lọ́wọ́ onímọ̀ ẹ̀sìn bí a ṣe ń ṣe é.' : 'Gbèsè ṣẹ́kù: kò dín irè oko tàbí ẹran ọ̀sìn rẹ kù.',
    loanOneYear: (school) =>
      `Ìlànà ${school}: owó tí o yá ẹlòmíì kò ní sàká títí wọn yóò fi san án padà, lẹ́yìn náà sàká ọdún kan, bí ó ti wù kí ó pẹ́ tó lọ́wọ́ wọn.`,
    tradeMudir: (school) =>
      `Ìlànà ${school}: oníṣòwò tí ń ta ọjà rẹ̀ tí ó sì ń rà padà léraléra (mudir) ń ka owó ọjà tí wọ́n jẹ ẹ́, tí ó retí pé wọn yóò san, pọ̀ mọ́ owó rẹ̀ lọ́dọọdún.`,
    tradeMuhtakir: (school) =>
      `Ìlànà ${school}: oníṣòwò tí ń dúró de iye (muhtakir) kò jẹ nǹkan lórí owó ọjà tí wọ́n jẹ ẹ́ títí wọn yóò fi san án, lẹ́yìn náà sàká ọdún kan.`,
    everyYearOnCollection: (school, years) =>
      `Ìlànà ${school}: sàká wà lórí rẹ̀ fún gbogbo ọdún tí ó fi wà lọ́wọ́ wọn (${years}), a ó san án nígbà tí wọ́n bá san án padà.`,
    everyYear: (school) => `Ìlànà ${school}: owó tí ẹni tí ó lè san án jẹ ọ́ ni a ń kà pọ̀ mọ́ owó rẹ lọ́dọọdún.`,
    receivableNoSchool: 'O kò yan ìlànà kankan: owó tí wọ́n jẹ ọ́ ni a kà pọ̀ mọ́ owó rẹ lọ́dún yìí.',
    arrears: (years) => `Sàká ọdún ${years} tí ó kọjá, a yọ ti ọdún kọ̀ọ̀kan kúrò kí a tó ka ti ọdún tí ó tẹ̀lé e.`,
    arrearsNow: (years) =>
      `Ó di dandan báyìí, wọn ì báà san án padà tàbí wọn kò san: sàká ọdún ${years} tí ó kọjá tí o kò tíì san. Gbèsè lọ́rùn ẹni tí ó jẹ́wọ́ rẹ̀, tí ó sì lè san án, dà bí owó tí o fi sílẹ̀ lọ́dọ̀ rẹ̀; a yọ sàká ọdún kọ̀ọ̀kan kúrò kí a tó ka ti ọdún tí ó tẹ̀lé e.`,
    pastYearsToday: 'Gbèsè tí wọ́n jẹ ọ́ kò ní déètì: Nisab ti òní ni a fi wọn ọdún kọ̀ọ̀kan tí ó kọjá, pẹ̀lú owó rẹ yòókù bí o ṣe tẹ̀ ẹ́.',
    pastYearsTakenOff: 'A ń yọ sàká ọdún kọ̀ọ̀kan kúrò kí a tó díye lé ọdún tí ó tẹ̀lé e, títí kan ọdún yìí.',
    pastYearDue: (years, counted, nisab, due) => `${years}: a ka ${counted}, Nisab ${nisab}: o máa san ${due}.`,
    pastYearBelow: (years, counted, nisab) => `${years}: a ka ${counted}, kò dé Nisab ${nisab}: kò sí ohun tí o máa san.`,
    pastYearAfterBelow: (years) =>
      `${years}: ọdún tí ó ṣáájú kò dé Nisab, ìlànà rẹ sì ń bẹ̀rẹ̀ ọdún òṣùpá tuntun nígbà tí dúkìá bá tún dé Nisab: kò sí ohun tí o máa san.`,
    pastYearNoRate: (years) => `${years}: kò sí iye kankan ní ọjọ́ náà tàbí ṣáájú rẹ̀, nítorí náà a kò mọ Nisab, a kò sì ka sàká rẹ̀.`,
    ownHawl: (school) =>
      `Ìlànà ${school}: owó tí ó dé lọ́dún yìí (ẹ̀bùn, ogún, owó iṣẹ́) kò ní sàká títí ọdún òṣùpá kan yóò fi kọjá lórí rẹ̀; èrè ń tẹ̀lé olú owó rẹ̀.`,
    joinsNisab: (school) => `Ìlànà ${school} (Abu Hanifah): owó tí ó dé lọ́dún yìí dara pọ̀ mọ́ Nisab tí o ti ní tẹ́lẹ̀, a sì ń san án pẹ̀lú rẹ̀.`,
    joinsNoNisab: (school) =>
      `Ìlànà ${school} (Abu Hanifah): owó tí ó dé lọ́dún yìí ń dara pọ̀ mọ́ Nisab tí o ti ní tẹ́lẹ̀; owó rẹ yòókù kò dé Nisab, nítorí náà ó máa dúró de ọdún tirẹ̀.`,
    newMoneyNoSchool: "O kò yan ìlànà kankan: owó tí ó dé lọ́dún yìí máa dúró de ọdún òṣùpá tirẹ̀, bí ìlànà Maliki, Shafi'i àti Hanbali ṣe sọ.",
    grazingRequired: 'Ìlànà rẹ ń ka kìkì ẹran tí ó ń jẹ koríko ní pápá fúnra rẹ̀ ní èyí tí ó pọ̀ jù nínú ọdún.',
    grazingNotRequired: 'Ìlànà rẹ ń ka ẹran tí a ń bọ́ nílé àti ẹran iṣẹ́ pẹ̀lú.',
    grazingNoSchool: 'Maliki ń ka ẹran tí a ń bọ́ nílé àti ẹran iṣẹ́; àwọn ìlànà yòókù ń ka kìkì èyí tí ó ń jẹ koríko ní pápá ní èyí tí ó pọ̀ jù nínú ọdún.',
    fitr: "Ó di dandan fún ènìyàn kọ̀ọ̀kan, ṣáájú ìrun 'Id.",
  },
  flock: {
    part: (n, d, written) => (n === 1 && d === 2 ? 'ìdajì' : n === 1 && d === 3 ? 'ìdámẹ́ta' : n === 1 && d === 4 ? 'ìdámẹ́rin' : written),
    due: (part, of, flock) =>
      `${part} ohun tí agbo àjọni ${flock} jẹ, ${of}: a ó mú un láti inú agbo, ìwọ àti alájọṣe rẹ yóò sì pín in láàrin ara yín gẹ́gẹ́ bí iye orí ẹran yín`,
    oneHerd: (school, partner, flock) =>
      `Ìlànà ${school} ń ka agbo tí o ní pẹ̀lú alájọṣe (khulta) bí agbo kan: tìrẹ pẹ̀lú ${partner} ti alájọṣe rẹ, ${flock} lápapọ̀; ohun tí ó jẹ ni a ń pín gẹ́gẹ́ bí iye orí.`,
    eachReaches: (school, partner, flock) =>
      `Ìlànà ${school} ń ka agbo tí o ní pẹ̀lú alájọṣe (khulta) bí agbo kan nígbà tí ẹran alájọṣe kọ̀ọ̀kan bá dé Nisab, bí tìrẹ àti ${partner} ti alájọṣe rẹ ṣe dé e: ${flock} lápapọ̀; ohun tí ó jẹ ni a ń pín gẹ́gẹ́ bí iye orí.`,
    notEach: (school, partner) =>
      `Ìlànà ${school} ń ka agbo tí o ní pẹ̀lú alájọṣe (khulta) bí agbo kan kìkì nígbà tí ẹran alájọṣe kọ̀ọ̀kan bá dé Nisab; níbí wọn kò dé e (ti alájọṣe rẹ: ${partner}), nítorí náà a ka agbo tìrẹ nìkan.`,
    eachAlone: (school, partner) =>
      `Ìlànà ${school} kì í ka agbo tí o ní pẹ̀lú alájọṣe (khulta) bí agbo kan: a ka agbo tìrẹ nìkan (${partner} ti alájọṣe rẹ, tirẹ̀ ni láti kà).`,
    noSchool: (partner) =>
      `O kò yan ìlànà kankan: a ka agbo tìrẹ nìkan (ti alájọṣe rẹ: ${partner}); àwọn ìlànà yàtọ̀ síra lórí agbo tí a ní pẹ̀lú alájọṣe (khulta).`,
    debt: (value, head, left) => `Gbèsè rẹ yọ ${value} kúrò lára agbo yìí ní iye owó rẹ̀, ${head}: ${left} jẹ́ tìrẹ láìsí gbèsè, a sì kà wọ́n.`,
    fromHerd: (amount, herd) => `${amount} láti inú agbo rẹ (${herd})`,
    debtLeftValue: 'Gbèsè ṣẹ́kù: ìlànà rẹ tún ń fi wé ẹran ọ̀sìn; tẹ iye owó agbo kọ̀ọ̀kan kí a lè fi wé wọn.',
    debtLeftAll: 'Gbèsè ṣẹ́kù: ó ju gbogbo ohun tí a fi wé e lọ.',
  },
  watering: {
    what: 'Irè oko (tí a bomirin ní ọ̀nà méjèèjì)',
    percent: (n) => `${n}%`,
    eachPart: (school, share) =>
      `Ìlànà ${school}: ìkórè tí a bomirin ní ọ̀nà méjèèjì ń san ìpín kọ̀ọ̀kan ní ìwọ̀n tirẹ̀, ìdá mẹ́wàá lórí ìpín tí a bomirin láìsí owó (${share}) àti ìdajì ìdá mẹ́wàá lórí èyí tí ó kù.`,
    greaterPart: (school, share) =>
      `Ìlànà ${school}: ìkórè tí a bomirin ní ọ̀nà méjèèjì ń san ní ìwọ̀n ìpín tí ó pọ̀ jù (èyí tí a bomirin láìsí owó: ${share}); níbi tí méjèèjì bá dọ́gba, ìdajì ìdá mẹ́wàá.`,
  },
  rule: (id, schools) => `òfin ${id}: ${schools}`,
  ruleBody: (bodies) => (bodies ? `òfin àjọ òde òní, tí ${bodies} ń lò` : 'òfin àjọ òde òní'),
  total: (amount) => `Sàká tí o máa san ní owó: ${amount}`,
  inKind: 'Ohun tí o máa san ní ohun náà gan-an, lẹ́gbẹ̀ẹ́ owó:',
  inKindOnly: 'Sàká tí o máa san ní ohun náà gan-an (kò sí owó láti san):',
  nothingDue: 'Kò sí ohun tí o máa san lórí ohun tí o tẹ̀.',
};
