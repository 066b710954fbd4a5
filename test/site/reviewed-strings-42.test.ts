// The strings the native reader's review of 2026-12 (../shared/reviews/translations-2026-12.md, issue 42) corrected,
// word for word, each typed here by hand from the review's proposal (not produced by the code under test), and the
// text answers and the calendar feed that now name the rate's day and read in order right to left.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { monthSummary } from '../../generator/site/calendar-feed.ts';
import * as ar from '../../generator/site/i18n/ar.ts';
import { LANGUAGES, SMS_LANGUAGES } from '../../generator/site/i18n/catalogue.ts';
import * as en from '../../generator/site/i18n/en.ts';
import * as ha from '../../generator/site/i18n/ha.ts';
import * as arResult from '../../generator/site/i18n/result-ar.ts';
import { RESULT_CATALOGUES } from '../../generator/site/i18n/result-catalogues.ts';
import * as enResult from '../../generator/site/i18n/result-en.ts';
import * as haResult from '../../generator/site/i18n/result-ha.ts';
import { CROP_NISAB } from '../../generator/site/page/result-words.ts';
import { message, sms, type TextFacts } from '../../generator/site/text-answers.ts';

const iso = (text: string) => `\u2068${text}\u2069`;
const FSI = '\u2068';
const RLM = '\u200F';
const rules = JSON.parse(readFileSync(new URL('../../data/nisab.json', import.meta.url), 'utf8')) as {
  nsbID: number;
  nsbThreshold: number | null;
  nsbNotes?: string;
  nsbDueItems?: { item: string; words: string }[];
}[];

describe('Hausa: money owed to the payer, the right way round (review finding 2)', () => {
  it('"kuɗin da kake bin wanda zai iya biya" and "Bashin da kake bin wanda ya amince da shi": X yana binka would say the payer owes X', () => {
    const r = haResult.result;
    expect(r.why.everyYear(r.schools.shafii)).toBe("Mazhabar Shafi'iyya: kuɗin da kake bin wanda zai iya biya ana ƙidaya su tare da kuɗinka kowace shekara.");
    expect(r.why.arrearsNow(iso('2'))).toBe(
      `Zakkar shekaru ${iso('2')} da suka wuce waɗanda ba ka fitar ba, ana fitar da ita yanzu, ko an biya ka ko ba a biya ba. Bashin da kake bin wanda ya amince da shi kuma zai iya biya kamar kuɗin da ka ajiye a wurinsa ne; ana cire zakkar kowace shekara daga ta gaba.`,
    );
    // The idiom as the catalogue uses it elsewhere: what the payer owes is "ake binka", what he is owed "kake bi".
    const all = JSON.stringify(r, (_key, value) => (typeof value === 'function' ? String(value) : value));
    expect(all).not.toContain('yake binka');
  });
});

describe('the animals due, with their age and sex, in every language (finding 1)', () => {
  it('every plain word of the data has its Hausa and Arabic, and English keeps the data’s own', () => {
    const english = [...new Set(rules.flatMap((r) => (r.nsbDueItems ?? []).map((i) => i.words)))].sort();
    expect(english.length).toBe(16);
    for (const lang of LANGUAGES) {
      if (lang === 'en') continue;
      const table = RESULT_CATALOGUES[lang].animalWords;
      expect(Object.keys(table).sort(), lang).toEqual(english);
    }
    expect(Object.keys(enResult.result.animalWords)).toEqual([]);
  });

  it('write the count, the book word and the age and sex: "musinna ɗaya (saniya mace, ba sa ba, mai shekara huɗu)"', () => {
    const h = haResult.result;
    const a = arResult.result;
    const cow = 'a cow, female only, four years old';
    expect(enResult.result.animal(iso('1'), 'musinnah', cow)).toBe(`${iso('1')} musinnah (a cow, female only, four years old)`);
    expect(h.animal(iso('1'), h.animals.musinnah, h.animalWords[cow]!)).toBe('musinna ɗaya (saniya mace, ba sa ba, mai shekara huɗu)');
    expect(a.animal(iso('1'), a.animals.musinnah, a.animalWords[cow]!)).toBe(`${iso('مسنة')} (أنثى لا ذكر، لها أربع سنين)`);
    expect(h.animal(iso('2'), h.animals.hiqqah, h.animalWords['a she-camel in her fourth year']!)).toBe(`hiƙƙa ${iso('2')} (taguwa mai shiga shekara ta huɗu)`);
    expect(a.animal(iso('2'), a.animals.hiqqah, a.animalWords['a she-camel in her fourth year']!)).toBe(`${iso('حقتان')} (ناقة في سنتها الرابعة)`);
    expect(h.animalWords['a calf, male or female, two years old']).toBe("ɗan maraki ko 'yar maraki mai shekara biyu");
    expect(a.animalWords['a calf, male or female, two years old']).toBe('ذكر أو أنثى له سنتان');
    expect(h.animalWords["a sheep or a goat, jadha' or thaniy"]).toBe("tunkiya jaza'a ko akuya saniyya");
    expect(a.animalWords["a sheep or a goat, jadha' or thaniy"]).toBe('جذعة من الضأن أو ثنية من المعز');
    expect(h.animalWords['a she-camel of four years, ready to carry and be bred']).toBe(
      'taguwa mai shekara huɗu, wadda ta isa a ɗora mata kaya, a kuma yi mata barbara',
    );
    expect(a.animalWords['a she-camel of four years, ready to carry and be bred']).toBe('ناقة لها أربع سنين، استحقت أن يُحمل عليها ويطرقها الفحل');
  });
});

describe('crops and zakat al-fitr in kwano and mudu beside kilos', () => {
  it('Kano’s measure: 300 kwano = 5 wasq = the data’s 653 kg, so 1 kwano = 1 sa’ = 4 mudd', () => {
    // Kano's Shari'a Commission publishes the Nisab as 300 kwano (5 wasq), the data weighs it 653 kg (rules 11-13).
    const crops = rules.filter((r) => r.nsbThreshold === 653);
    expect(crops.map((r) => r.nsbID)).toEqual([11, 12, 13]);
    expect(crops[0]!.nsbNotes).toContain("Kano's Shari'a Commission publishes it as 300 kwano (5 wasq)");
    expect(CROP_NISAB).toEqual({ kg: 653, wasq: 5, kwano: 300, muddPerKwano: 4 });
  });

  it('write the harvest due by weight, kwano and mudu, and the rate as the books name it', () => {
    // Millet 653 kg, half rain-fed and half pumped (Maliki): 48.975 kg = 653 × 7.5 %; 48.975 / (653 / 300) = 22.5 kwano, 90 mudd.
    const measure = (r: typeof haResult.result) => iso(r.due.kwano('22.5', '90'));
    expect(enResult.result.due.crop(iso('48.975 kg'), measure(enResult.result), iso('7.5'))).toBe(
      `${iso('48.975 kg')} of the harvest (${iso('22.5 kwano, 90 mudd')}; ${iso('7.5')}%)`,
    );
    expect(haResult.result.due.crop(iso('kilo 100'), iso(haResult.result.due.kwano('45.94', '183.77')), iso('10'))).toBe(
      `${iso('kilo 100')} daga girbi (${iso('kwano 45.94, mudu 183.77')}), ushuri (${iso('10')}%)`,
    );
    expect(arResult.result.due.crop(iso('50 كيلوغرامًا'), iso(arResult.result.due.kwano('22.5', '90')), iso('5'))).toBe(
      `${iso('50 كيلوغرامًا')} من المحصول (${iso(`22.5 كوانو بمكيال كانو، ${iso('90 مُدًّا')}`)})، نصف العشر (${iso('5')}٪)`,
    );
    expect(haResult.result.due.money(iso('2.5'), iso('₦1.00'))).toBe(`kashi ɗaya cikin arba'in (${iso('2.5')}%): ${iso('₦1.00')}`);
    expect(haResult.result.due.crop(iso('kilo 1'), iso('…'), iso('5'))).toBe(`${iso('kilo 1')} daga girbi (${iso('…')}), rabin ushuri (${iso('5')}%)`);
    expect(arResult.result.due.money(iso('2.5'), iso('1.00 نيرة'))).toBe(`ربع العشر (${iso('2.5')}٪): ${iso('1.00 نيرة')}`);
    expect(arResult.result.due.metal(iso('2 غرام'), iso('2.5'), null)).toBe(`${iso('2 غرام')}، ربع العشر (${iso('2.5')}٪)`);
    // The fitr line: a sa' is a kwano and four mudd.
    expect(haResult.result.due.fitr['one-sa'](iso("sa'i 7"), iso(haResult.result.due.kwano('7', '28')))).toBe(
      `${iso("sa'i 7")} na abinci (${iso('kwano 7, mudu 28')})`,
    );
    expect(arResult.result.due.kwano('7', '28')).toBe(`7 كوانو بمكيال كانو، ${iso('28 مُدًّا')}`);
    // The crops' Nisab in wasq: «ليس فيما دون خمسة أوسق صدقة» (al-Bukhari 1447).
    expect([enResult.result.due.wasq('5'), haResult.result.due.wasq('5'), arResult.result.due.wasq('5')]).toEqual(['5 wasq', 'wasaƙi 5', iso('5 أوسق')]);
    expect(ar.arabicCount(1, ar.arabicNouns.wasq)).toBe('وسق واحد');
    expect(ar.arabicCount(60, ar.arabicNouns.wasq)).toBe('60 وسقًا');
  });
});

describe('what is due in kind first, and the fitr row (findings 5 and 6)', () => {
  it('name the in-kind heading when no money is due, and never "together with the money"', () => {
    expect(enResult.result.inKindOnly).toBe('Zakat due in kind (no money is due):');
    expect(haResult.result.inKindOnly).toBe('Zakkar da za ka fitar da kaya (ba da kuɗi ba):');
    expect(arResult.result.inKindOnly).toBe('الواجب عينًا (لا نقدًا):');
    expect(haResult.result.inKind).toBe('Ban da kuɗin nan, za a fitar da waɗannan da kayansu:');
    expect(arResult.result.inKind).toBe('ويجب مع النقود عينًا:');
    expect([en.page.persons, ha.page.persons, ar.page.persons]).toEqual(['People you give it for', 'Mutanen da za ka fitar musu', 'عدد من تُخرجها عنهم']);
  });
});

describe('right to left: a formula or a number that leads an Arabic line (findings 3, 10)', () => {
  it('starts the by-parts share with an RLM, so its isolate resolves right to left', () => {
    expect(arResult.result.why.share(iso('60 غرامًا'), iso('85 غرامًا'))).toBe(`${RLM}${iso('60 غرامًا')} ÷ ${iso('85 غرامًا')}`);
  });

  it('starts the feed summary’s Arabic part with an RLM', () => {
    // And the Yorùbá after it with an LRM, so its "1" does not join the Arabic run.
    expect(monthSummary('1438-09')).toBe(`1 Ramadan 1438 AH / 1 ga Ramadan, 1438 BH / ${RLM}1 رمضان 1438هـ / \u200E1 Ramadan, 1438 AH`);
  });

  it('names NMCN in Arabic in the rule line, and the declaration of a month in the page’s words', () => {
    expect(arResult.result.ruleBody('NMCN')).toBe('تقدير معاصر تعمل به لجنة رؤية الهلال النيجيرية (NMCN)');
    expect(en.hawl.declaration('Channels Television', '17 February 2026', '1 Ramadan 1447 AH')).toBe(
      'Channels Television, 17 February 2026: the Sultan of Sokoto declares 1 Ramadan 1447 AH',
    );
    expect(ha.hawl.declaration('Channels Television', '17 ga Faburairu, 2026', '1 ga Ramadan, 1447 BH')).toBe(
      'Channels Television, 17 ga Faburairu, 2026: Sarkin Musulmi ya ayyana 1 ga Ramadan, 1447 BH',
    );
    expect(ar.hawl.declaration('Channels Television', '17 فبراير 2026م', '1 رمضان 1447هـ')).toBe(
      `${FSI}Channels Television\u2069، 17 فبراير 2026م: أعلن سلطان صكتو 1 رمضان 1447هـ`,
    );
    expect(ha.hawl.declaration('Leadership Hausa', null, '1 ga Shawwal, 1447 BH')).toBe('Leadership Hausa: Sarkin Musulmi ya ayyana 1 ga Shawwal, 1447 BH');
  });
});

describe('the smaller points', () => {
  it('Hausa: a day count after its numeral, one "kwana ɗaya", never "kwanaki 1" (finding 7)', () => {
    const date = '2 ga Disamba, 2026';
    const rate = '1 ga Disamba, 2026';
    expect(ha.page.printout.printedOn(date, rate, 1, '1')).toBe(
      'An buga a ranar 2 ga Disamba, 2026: farashin na ranar 1 ga Disamba, 2026 ne, kwana ɗaya kafin haka.',
    );
    expect(ha.page.printout.figuresFor(date, rate, 1, '1')).toBe(
      'Alƙaluman ranar 2 ga Disamba, 2026, da farashin ranar 1 ga Disamba, 2026, kwana ɗaya kafin haka.',
    );
    expect(ha.page.offline(rate, 1, '1')).toBe(
      "Ba ka da intanet: waɗannan alƙaluman da wannan na'ura ta ajiye ne lokacin da aka buɗe shafin na ƙarshe. Farashinsu na ranar 1 ga Disamba, 2026 ne, kwana ɗaya kafin yau.",
    );
    expect(ha.page.printout.stale(rate, 63, '63')).toBe(
      'Gargaɗi: wannan farashin ya kai kwana 63. Farashin zinariya da azurfa yana canjawa; duba alƙaluman yau kafin ka dogara da waɗannan.',
    );
    expect(ha.widget.old(63, '63')).toBe('Farashin nan ya yi kwana 63: ba a wallafa sabo ba tukuna.');
    expect(ha.hawl.oldRate('13')).toBe(
      'Gargaɗi: ba a wallafa farashi ba a cikin kwana 13 da suka biyo bayansa. An ƙididdige Nisabin wannan ranar da wannan tsohon farashin; farashin kasuwa na ranar zai iya bambanta.',
    );
    const all = JSON.stringify([ha.page, ha.hawl, ha.widget, ha.reach], (_key, value) => (typeof value === 'function' ? String(value) : value));
    expect(all).not.toMatch(/kwanaki \$\{/);
  });

  it('a month of 29 days, and a month whose 30th is not known, said truly of a past month too (findings 8, 8b)', () => {
    expect(ha.hawl.shortMonth("watan Jimada'us Sani, 1448 BH", 'Ummul Qura')).toBe(
      "watan Jimada'us Sani, 1448 BH yana da kwana 29 a kalandar Ummul Qura: babu rana ta 30.",
    );
    expect(en.hawl.shortMonth('Jumada al-Akhirah 1448 AH', 'Umm al-Qura')).toBe(
      'Jumada al-Akhirah 1448 AH has 29 days in the Umm al-Qura calendar: there is no 30th.',
    );
    expect(ha.hawl.unknownLength('watan Shawwal, 1447 BH')).toBe(
      'Ba a sani ba ko watan Shawwal, 1447 BH yana da rana ta 30: hakan ya dogara da ayyana watan da ke biye, wanda ba ya cikin bayanan.',
    );
    expect(ar.hawl.unknownLength('شوال 1447هـ')).toBe(
      'غير معروف: ثبوت يوم الثلاثين من شوال 1447هـ يتوقف على إعلان الشهر التالي، وليس هذا الإعلان في البيانات.',
    );
  });

  it('the yearly reminder names its calendar once (finding 10b)', () => {
    expect(ar.reach.reminderYearly('1 رمضان 1448هـ', 'تقويم أم القرى')).toBe(
      'يتم حولي في 1 رمضان 1448هـ (تقويم أم القرى): يتكرر هذا التذكير في هذا اليوم الهجري كل سنة بحساب تقويم أم القرى.',
    );
  });

  it('one term per concept (docs/translations.md, the glossary), and the dead page.totalDue gone (findings 11, 12, 14)', () => {
    const text = (...parts: unknown[]) => JSON.stringify(parts, (_key, value) => (typeof value === 'function' ? String(value) : value));
    const hausa = text(ha.calendar, ha.page, ha.hawl, ha.widget, ha.reach, haResult.result);
    for (const old of ['hawli', 'fid-da-kai', 'shekara ta wata', 'shekarar wata', 'haddin sata', '’', 'Adadin a kuɗin', 'yake binka', 'halattaccen kayan']) {
      expect(hausa, old).not.toContain(old);
    }
    const arabic = text(ar.calendar, ar.page, ar.hawl, ar.widget, ar.reach, arResult.result);
    for (const old of ['سوكوتو', 'المهر', 'معيار الذهب', 'بمعيار', 'بـ"']) expect(arabic, old).not.toContain(old);
    for (const catalogue of [en.page, ha.page, ar.page]) expect('totalDue' in catalogue).toBe(false);
    expect(ha.page.fitrTitle).toBe('Zakkar fidda kai');
    expect(haResult.result.what.fitr).toBe('Zakkar fidda kai');
    expect(ha.page.noscript).toBe('Alƙaluman da ke sama ba sa buƙatar JavaScript; jadawali, binciken hauli da lissafin suna buƙata.');
    expect(ha.page.calcCurrency).toBe('Kuɗin da adadin suke ciki');
    expect(ar.page.pricePerGramIn).toBe('عملة سعر الغرام');
    expect(ha.page.chartCaption('Zinariya', '234')).toBe('Zinariya: farashin kwana 234');
    expect(ha.page.examples['/announcements']).toBe(
      'Adadin da NMCN da wasu hukumomi a Najeriya suka sanar (nisabi, sadaki, ƙimar yanke hannu a sata, diyya), kowanne kusa da namu na ranarsa',
    );
    expect(ar.page.examples['/announcements']).toBe(
      'الأرقام التي أعلنتها لجنة رؤية الهلال النيجيرية وهيئات نيجيرية أخرى (النصاب، أقل الصداق، نصاب السرقة، الدية)، كل منها بجانب رقمنا ليومه',
    );
    expect(ha.widget.explain).toBe(
      "Nisabi shi ne iyaka: idan abin da ka mallaka ya kai shi kuma hauli (shekarar Hijira) ya cika a kansa, zakka ta wajaba, kashi ɗaya cikin arba'in (2.5%) na abin da ka mallaka, ba na nisabin ba.",
    );
    expect(ha.page.coverage('gold', '1', '2,900', '1 ga Janairu, 2018', '29 ga Satumba, 2026')).toBe(
      'gold (rukuni 1): farashin kwana 2,900, daga 1 ga Janairu, 2018 zuwa 29 ga Satumba, 2026',
    );
    expect(ha.hawl.intro).toBe(
      'Zakka tana wajaba idan hauli (shekarar Hijira) ya cika. Shigar da ranar Hijira da haulinka yake cika: shafin zai ba ka ranarta ta Miladiyya kamar yadda aka ayyana watan a Najeriya (Sarkin Musulmi, bisa shawarar NMCN) da kuma bisa kalandar Ummul Qura, da Nisabin wannan rana daga API. Ko ka shigar da ranar Miladiyya don ganin ranarta ta Hijira a kalandun biyu.',
    );
    expect(ar.hawl.intro).toBe(
      'تجب الزكاة إذا حال الحول القمري. أدخل اليوم الهجري الذي يتم فيه حولك: تعطيك الصفحة يومه الميلادي كما أُعلن الشهر في نيجيريا (سلطان صكتو بمشورة لجنة رؤية الهلال) وبتقويم أم القرى، ونصاب ذلك اليوم من واجهة البرمجة. أو أدخل يومًا ميلاديًا لترى تاريخه الهجري في التقويمين.',
    );
    expect(ar.page.description).toBe(
      'نصاب الزكاة اليوم بالنيرة والدولار الأمريكي بنصاب الذهب ونصاب الفضة، وأسعار الذهب والفضة اليومية، وحاسبة للزكاة، وواجهة برمجة JSON مجانية.',
    );
    expect(ar.page.examples['/calendars/nigeria']).toBe('الأشهر الهجرية في نيجيريا: أول يوم أعلنه سلطان صكتو، مع مصدره');
    expect(haResult.result.why.newMoneyNoSchool).toBe(
      "Ba a zaɓi mazhaba ba: kuɗin da suka shigo bana suna jiran haulinsu ya cika, kamar yadda Malikiyya, Shafi'iyya da Hanbaliyya suke gani.",
    );
    expect(haResult.result.due.metal(iso('giram 2.125'), iso('2.5'), iso('₦1.00'))).toBe(
      `${iso('giram 2.125')}, kashi ɗaya cikin arba'in (${iso('2.5')}%): ${iso('₦1.00')}`,
    );
    expect(haResult.result.inputs.inKindTitle).toBe('Dabbobi, amfanin gona da zakkar fidda kai');
    expect(haResult.result.inputs.standardNote).toBe(
      "Idan mazhabarka tana da nata ma'aunin kuɗi (Hanafiyya: nisabin da ya fi amfani ga talakawa), shi ake bi; sauran mazhabobi sun bar maka zaɓi.",
    );
    expect(haResult.result.why.noRate).toBe("Babu farashi na wannan ma'auni tukuna: ba za a iya ƙimanta nisabi ba.");
    expect(haResult.result.why.wornDue(haResult.result.schools.hanafi)).toBe(
      'Mazhabar Hanafiyya tana wajabta zakka a kan kayan adon mata da suka halatta, waɗanda take sawa.',
    );
  });
});

describe('the text answers name the rate’s day, and its age when stale (CONTRACT §13)', () => {
  // 1 December 2026 is 21 Jumada al-Akhirah 1448 by Umm al-Qura (the review's reading); the figures are the review's.
  const facts = (rateDate: string, address: string | null): TextFacts => ({
    asOf: '2026-12-01',
    hijriNigeria: null,
    hijriUmmAlQura: '1448-06-21',
    gold: { grams: 85, naira: 15_013_146.75, rateDate },
    silver: { grams: 595, naira: 1_542_808.94, rateDate },
    address,
  });

  it('SMS: the issue’s Hausa wording of 157 characters, the calendar’s name dropped before anything else', () => {
    const text = sms('ha', facts('2026-12-01', 'https://nisab.example.org/ha/'));
    expect(text).toBe(
      "Nisabin zakka 1 ga Disamba, 2026 (21 ga Jimada'us Sani, 1448 BH), farashin 1/12: zinariya N15,013,146.75, azurfa N1,542,808.94. https://nisab.example.org/ha/\n",
    );
    expect(text.length - 1).toBe(157);
    // Without an address it has room for the calendar's name.
    expect(sms('ha', facts('2026-11-29', null))).toBe(
      "Nisabin zakka 1 ga Disamba, 2026 (21 ga Jimada'us Sani, 1448 BH, Ummul Qura), farashin 29/11: zinariya N15,013,146.75, azurfa N1,542,808.94.\n",
    );
  });

  it('SMS: a rate 63 days old says so, and the silver figure goes before the rate’s day or age would', () => {
    expect(sms('ha', facts('2026-09-29', 'https://nisab.example.org/ha/'))).toBe(
      "Nisabin zakka 1 ga Disamba, 2026 (21 ga Jimada'us Sani, 1448 BH), farashin 29/9, kwana 63: zinariya N15,013,146.75. https://nisab.example.org/ha/\n",
    );
    expect(sms('en', facts('2026-09-29', 'https://nisab.example.org/'))).toBe(
      'Zakat Nisab 1 December 2026 (21 Jumada al-Akhirah 1448 AH), rate of 29/9, 63 days old: gold N15,013,146.75, silver N1,542,808.94. https://nisab.example.org/\n',
    );
    // Yorùbá by hand: its words without their marks (ọjọ́ 63 → ojo 63); shorter than the Hausa, it keeps the silver (151 characters).
    expect(sms('yo', facts('2026-09-29', 'https://nisab.example.org/yo/'))).toBe(
      'Nisab saka 1 osu Kejila, 2026 (21 Jumada Thani, 1448 AH), iye ti 29/9, ojo 63: wura N15,013,146.75, fadaka N1,542,808.94. https://nisab.example.org/yo/\n',
    );
    // A rate of 8 days is past the page's week (OLD_RATE_AFTER_DAYS); of 7, not.
    expect(sms('en', facts('2026-11-23', null))).toContain('rate of 23/11, 8 days old:');
    expect(sms('en', facts('2026-11-24', null))).toContain('rate of 24/11:');
    for (const lang of SMS_LANGUAGES) {
      for (const rateDate of ['2026-12-01', '2026-11-24', '2026-09-29', '2025-12-30']) {
        for (const address of [null, 'https://nisab.example.org/ha/', 'https://a-much-longer-address.example.org/zakat/nisab/today/ha/']) {
          const text = sms(lang, facts(rateDate, address)).trimEnd();
          expect(text.length, `${lang} ${rateDate} ${address}`).toBeLessThanOrEqual(160);
          const [year, month, day] = rateDate.split('-').map(Number);
          expect(text, `${lang} ${rateDate} ${address}`).toContain(`${day}/${month}${year === 2026 ? '' : `/${year}`}`);
        }
      }
    }
  });

  it('the message: the rate’s day always, a warning with its age past a week', () => {
    expect(message('ha', facts('2026-09-29', null))).toBe(
      "Nisabin zakka a ranar 1 ga Disamba, 2026 (21 ga Jimada'us Sani, 1448 BH, Ummul Qura): ₦15,013,146.75 bisa ma'aunin zinariya (giram 85), ₦1,542,808.94 bisa ma'aunin azurfa (giram 595). Gargaɗi: farashin zinariya da azurfa na ranar 29 ga Satumba, 2026 ne (kwana 63).\n",
    );
    expect(message('en', facts('2026-12-01', null))).toBe(
      'Zakat Nisab on 1 December 2026 (21 Jumada al-Akhirah 1448 AH, Umm al-Qura): ₦15,013,146.75 by the gold standard (85 g), ₦1,542,808.94 by the silver standard (595 g). Gold and silver prices of 1 December 2026.\n',
    );
    expect(message('ar', facts('2026-09-29', null))).toBe(
      'نصاب الزكاة يوم 1 ديسمبر 2026م (21 جمادى الآخرة 1448هـ، تقويم أم القرى): 15,013,146.75 نيرة بنصاب الذهب (85 غرامًا)، و1,542,808.94 نيرة بنصاب الفضة (595 غرامًا). تنبيه: السعر بتاريخ 29 سبتمبر 2026م، وعمره 63 يومًا.\n',
    );
    expect(message('ar', facts('2026-12-01', null))).toContain('والسعر بتاريخ 1 ديسمبر 2026م.');
    expect(message('en', facts('2026-09-29', null))).toContain('(595 g). Warning: gold and silver prices of 29 September 2026, 63 days old.\n');
  });
});
