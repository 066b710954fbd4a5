// The strings a native-reader review of the Hausa and Arabic catalogues
// corrected (issue 30), word for word, and the Arabic counting helper by the
// forms the grammar books give: 1 and 2 without a figure (واحد, the dual), 3–10
// the plural in the genitive, 11–99 the singular in the accusative, 100, 101,
// 102, 1,000, 0 and decimals the singular in the genitive. Every expected value
// here is typed by hand from that rule, not produced by the code under test.
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import * as ar from '../../generator/site/i18n/ar.ts';
import * as en from '../../generator/site/i18n/en.ts';
import * as ha from '../../generator/site/i18n/ha.ts';
import * as arResult from '../../generator/site/i18n/result-ar.ts';
import * as haResult from '../../generator/site/i18n/result-ha.ts';

describe('arabicCount', () => {
  it('gives a gram the form of each number', () => {
    const gram = ar.arabicNouns.gram;
    const cases: [number, string][] = [
      [1, 'غرام واحد'],
      [2, 'غرامان'],
      [3, '3 غرامات'],
      [10, '10 غرامات'],
      [11, '11 غرامًا'],
      [99, '99 غرامًا'],
      [100, '100 غرام'],
      [101, '101 غرام'],
      [102, '102 غرام'],
      [103, '103 غرامات'],
      [111, '111 غرامًا'],
      [1000, '1,000 غرام'],
      [12000, '12,000 غرام'],
      [4250, '4,250 غرامًا'],
      [2.5, '2.5 غرام'],
      [0, '0 غرام'],
    ];
    for (const [n, words] of cases) expect(ar.arabicCount(n, gram), String(n)).toBe(words);
    expect(ar.arabicCount(2, gram, { grammaticalCase: 'genitive' })).toBe('غرامين');
    // The figure as the page shows it: grouped, and with decimals it is a decimal.
    expect(ar.arabicCount(1200, gram, { shown: '1,200' })).toBe('1,200 غرام');
    expect(ar.arabicCount(85, gram, { shown: '85.00' })).toBe('85.00 غرام');
  });

  it('gives every noun of the catalogue its five forms', () => {
    const { day, rate, line, dinar, dirham, head, person, year, sheep } = ar.arabicNouns;
    const at = (noun: ar.ArabicNoun) => [1, 2, 3, 11, 100].map((n) => ar.arabicCount(n, noun));
    expect(at(day)).toEqual(['يوم واحد', 'يومان', '3 أيام', '11 يومًا', '100 يوم']);
    expect(at(rate)).toEqual(['سعر واحد', 'سعران', '3 أسعار', '11 سعرًا', '100 سعر']);
    expect(at(line)).toEqual(['سطر واحد', 'سطران', '3 أسطر', '11 سطرًا', '100 سطر']);
    expect(at(dinar)).toEqual(['دينار واحد', 'ديناران', '3 دنانير', '11 دينارًا', '100 دينار']);
    expect(at(dirham)).toEqual(['درهم واحد', 'درهمان', '3 دراهم', '11 درهمًا', '100 درهم']);
    expect(at(head)).toEqual(['رأس واحد', 'رأسان', '3 رؤوس', '11 رأسًا', '100 رأس']);
    expect(at(person)).toEqual(['شخص واحد', 'شخصان', '3 أشخاص', '11 شخصًا', '100 شخص']);
    expect(at(year)).toEqual(['سنة واحدة', 'سنتان', '3 سنوات', '11 سنةً', '100 سنة']);
    // As Abu Bakr's letter on zakat counts sheep (Sahih al-Bukhari): شاتان, ثلاث شياه, أربعين شاة (tamyiz: a
    // singular in the accusative), كل مائة شاة; al-Qastallani parses them at https://shamela.app/book/26568/2217.
    expect(at(sheep)).toEqual(['شاة واحدة', 'شاتان', '3 شياه', '11 شاةً', '100 شاة']);
  });
});

describe('the Arabic strings that count', () => {
  it('write grams, rates, lines, days, dinars and dirhams in the form their number takes', () => {
    expect(ar.page.thresholdAt('85', 'الذهب', '176,281.53 نيرة')).toBe('85 غرامًا من الذهب، بسعر 176,281.53 نيرة للغرام');
    expect(ar.page.thresholdAt('595', 'الفضة', '2,700.00 نيرة')).toBe('595 غرامًا من الفضة، بسعر 2,700.00 نيرة للغرام');
    expect(ar.page.thresholdNoPrice('200', 'الفضة')).toBe('200 غرام من الفضة');
    expect(ar.widget.gold('85')).toBe('نصاب الذهب (85 غرامًا)');
    expect(ar.widget.silver('595')).toBe('نصاب الفضة (595 غرامًا)');
    expect(ar.widget.silver('1,000')).toBe('نصاب الفضة (1,000 غرام)');
    // NMCN's notice: the weights as the rules give them (a quarter dinar is 1.0625 g).
    expect(ar.page.notice.measure('ربع دينار', '1.0625', 'الذهب')).toBe('ربع دينار: 1.0625 غرام من الذهب');
    expect(ar.page.notice.measure('3 دراهم', '8.925', 'الفضة')).toBe('3 دراهم: 8.925 غرام من الفضة');
    expect(ar.page.notice.measure('1,000 دينار', '4,250', 'الذهب')).toBe('1,000 دينار: 4,250 غرامًا من الذهب');
    expect(ar.page.notice.twentyDinars).toBe('20 دينارًا');
    expect(ar.page.notice.thousandDinars).toBe('1,000 دينار');
    expect(ar.page.notice.twoHundredDirhams).toBe('200 درهم');
    expect(ar.page.notice.threeDirhams).toBe('3 دراهم');
    expect(ar.page.notice.twelveThousandDirhams).toBe('12,000 درهم');
    expect(ar.page.notice.intro).toBe(
      'تنشر اللجنة الوطنية لرؤية الهلال في نيجيريا (NMCN) كل شهر نصاب الزكاة (20 دينارًا من الذهب)، وأقل الصداق ونصاب السرقة (ربع دينار)، والدية (1,000 دينار). وهذه الأرقام الأربعة محسوبة هنا بسعر اليوم المذكور أعلاه، وإلى جانبها مقادير المالكية بدراهم الفضة.',
    );
    expect(ar.page.range10y).toBe('10 سنوات');
    expect(ar.page.chartCaption('الذهب', '1')).toBe('الذهب: سعر واحد');
    expect(ar.page.chartCaption('الذهب', '5')).toBe('الذهب: 5 أسعار');
    expect(ar.page.chartCaption('الذهب', '30')).toBe('الذهب: 30 سعرًا');
    expect(ar.page.chartCaption('الفضة', '1,200')).toBe('الفضة: 1,200 سعر');
    expect(ar.page.coverage('gold', '1', '7,305', '2006-01-03', '2026-09-29')).toBe('gold (الفئة 1): 7,305 أسعار، من 2006-01-03 إلى 2026-09-29');
    expect(ar.page.coverage('silver', '2', '7,300', '2006-01-03', '2026-09-29')).toBe('silver (الفئة 2): 7,300 سعر، من 2006-01-03 إلى 2026-09-29');
    expect(ar.page.moreLines('2')).toBe('… سطران غيرها …');
    expect(ar.page.moreLines('7')).toBe('… 7 أسطر غيرها …');
    expect(ar.page.moreLines('12')).toBe('… 12 سطرًا غيرها …');
    expect(ar.page.moreLines('1,200')).toBe('… 1,200 سطر غيرها …');
    expect(ar.page.calcNoRate('GBP')).toBe('لا يوجد سعر لـ GBP خلال 7 أيام من أحدث سعر للذهب والفضة: تبقى الحاسبة بالنيرة.');
    expect(ar.page.stale('1 أكتوبر 2026', 12, '12', '13 أكتوبر 2026')).toBe(
      'تنبيه: أحدث سعر للذهب بتاريخ 1 أكتوبر 2026، قبل 13 أكتوبر 2026 بـ12 يومًا، وهو اليوم الذي تخصه هذه الأرقام. النصاب أدناه مقوَّم بذلك السعر، وقد يكون سعر السوق تغيّر منذ ذلك الحين.',
    );
    expect(ar.hawl.rateAge(1, '1')).toBe('سعر عمره يوم واحد');
    expect(ar.hawl.rateAge(100, '100')).toBe('سعر عمره 100 يوم');
    // شهر before the month's name (جمادى is feminine; شهر is masculine for every month), and no كان of a month still to come (issue 42).
    expect(ar.hawl.shortMonth('جمادى الآخرة 1448هـ', 'تقويم أم القرى')).toBe('شهر جمادى الآخرة 1448هـ 29 يومًا في تقويم أم القرى: لا يوم ثلاثين فيه.');
    expect(ar.widget.old(101, '101')).toBe('عمر هذا السعر 101 يوم: لم يُنشر سعر أحدث منه.');
  });
});

describe('the calculator labels', () => {
  it('ask for the jewellery a woman wears, in each language', () => {
    expect(en.page.wornGold).toBe('Gold jewellery worn by a woman (grams)');
    expect(en.page.wornSilver).toBe('Silver jewellery worn by a woman (grams)');
    expect(ha.page.wornGold).toBe('Kayan adon mata na zinariya da ake sawa (giram)');
    expect(ha.page.wornSilver).toBe('Kayan adon mata na azurfa da ake sawa (giram)');
    expect(ar.page.wornGold).toBe('حُليّ المرأة الملبوس من الذهب (بالغرام)');
    expect(ar.page.wornSilver).toBe('حُليّ المرأة الملبوس من الفضة (بالغرام)');
    expect(ar.page.goldHeld).toBe('الذهب المملوك (بالغرام)');
    expect(ar.page.silverHeld).toBe('الفضة المملوكة (بالغرام)');
    expect(en.page.combineNote).toBe(
      'Gold, silver, cash and trade goods are counted together the way your school does (by parts, by value, or each alone), and jewellery worn by a woman as your school says; each line of the result says how and why, with its source.',
    );
    expect(ha.page.combineNote).toBe(
      'Ana haɗa zinariya, azurfa, kuɗi da kayan kasuwanci kamar yadda mazhabarka take yi (da rabo-rabo, da ƙima, ko kowanne shi kaɗai), kuma kayan adon mata da ake sawa kamar yadda mazhabarka ta faɗa; kowane layi na sakamakon yana faɗin yadda aka yi da dalili, tare da majiyarsa.',
    );
    expect(ar.page.combineNote).toBe(
      'يُضَمّ الذهب والفضة والنقود وعروض التجارة بعضها إلى بعض كما يفعل مذهبك (بالأجزاء أو بالقيمة أو لا يُضَمّ)، ويُعامَل حُليّ المرأة الملبوس بحسب مذهبك؛ ويذكر كل سطر من النتيجة الطريقة والسبب ومصدرهما.',
    );
  });

  it('name livestock without the grazing condition (the Maliki rules 21, 23 and 25 count stall-fed and working animals)', () => {
    expect(en.page.livestock).toBe('Livestock (animals kept, head)');
    expect(ha.page.livestock).toBe('Dabbobi (adadinsu)');
    expect(ar.page.livestock).toBe('الأنعام (الماشية): عدد الرؤوس');
  });
});

describe('the Hausa strings', () => {
  it('say "the most recent rate", not "the new rate"', () => {
    expect(ha.page.stale('1 ga Oktoba, 2026', 12, '12', '13 ga Oktoba, 2026')).toBe(
      'Gargaɗi: farashin zinariya na baya-bayan nan na ranar 1 ga Oktoba, 2026 ne, kwana 12 kafin 13 ga Oktoba, 2026, ranar da waɗannan alƙaluma suke nufi. An ƙididdige Nisabin da ke ƙasa da wannan farashin; farashin kasuwa zai iya canjawa tun daga lokacin.',
    );
    expect(ha.page.calcCurrencyNote('USD')).toBe(
      'Kuɗi, kayan kasuwanci, Nisabi da zakkar da ta wajaba suna cikin USD, a farashin USD a kowace dalar Amurka a ranar farashin zinariya da azurfa na baya-bayan nan.',
    );
    expect(ha.page.calcNoRate('GBP')).toBe('Babu farashin GBP cikin kwana 7 na farashin zinariya da azurfa na baya-bayan nan: lissafin yana nan a Naira.');
    expect(ha.page.examples['/rates/latest']).toBe('Farashin zinariya na baya-bayan nan (zinariya ce rukunin da aka saba)');
    expect(ha.page.examples['/rates/latest?subcategory=2']).toBe('Farashin azurfa na baya-bayan nan, ta lambarta');
    expect(ha.page.examples['/rates/latest?subcategory=silver']).toBe('Farashin azurfa na baya-bayan nan, ta sunanta');
    expect(ha.page.examples['/nisab']).toBe('Duk dokokin Nisabi, da ƙimarsu a farashi na baya-bayan nan');
  });

  it('no longer say each holding is measured alone', () => {
    expect(ha.page.calculatorIntro).toBe(
      'Yana aiki a cikin burauzarka bisa dokokin da aka wallafa; babu abin da ka rubuta da zai fita daga wannan shafi. Zakka tana wajaba bayan cikar hauli (shekarar Hijira cikakkiya) na mallaka inda doka ta shardanta; kuɗi da kayan kasuwanci ana haɗa su wuri ɗaya.',
    );
  });

  it('write the hooked letters (Ƙimar, not Kimar) and one day in the singular', () => {
    expect(ha.page.notice.theft).toBe('Ƙimar yanke hannu a sata');
    expect(ha.page.notice.intro).toBe(
      "Kowane wata Kwamitin Duban Wata na Najeriya (NMCN) yana fitar da Nisabin zakka (dinari 20 na zinariya), mafi ƙarancin sadaki da ƙimar yanke hannu a sata (rubu'in dinari), da diyyar rai (dinari 1,000). A ƙasa akwai waɗannan alƙaluma huɗu da aka ƙididdige a nan daga farashin ranar da ke sama, tare da ma'aunan Malikiyya na dirhamin azurfa a gefensu.",
    );
    expect(ha.hawl.rateAge(1, '1')).toBe('farashin ya yi kwana ɗaya a wannan ranar');
    expect(ha.hawl.rateAge(3, '3')).toBe('farashin ya yi kwana 3 a wannan ranar');
    // Hausa words that take a hooked letter, written without it anywhere in the catalogue.
    const unhooked = /\b(kasa|karshe|karanci|kima|kimar|kididdige|daya|dauko|kudi|wadannan|karkashin|bukatar|kunsa|karin|zabi|zabar|karba|din)\b/i;
    const all = JSON.stringify([ha.calendar, ha.page, ha.hawl, ha.widget], (_key, value) => (typeof value === 'function' ? String(value) : value));
    expect(all.match(unhooked)).toBeNull();
  });
});

describe("the widget's script", () => {
  it("leaves out the page's Arabic strings, though the page's counts are made by arabicCount at load", async () => {
    // A count computed at module level that esbuild thought had side effects would keep all of `page` in the
    // widget (8.9 kB gzipped instead of 3.9 kB): the counts are constants and arabicCount is marked pure.
    const result = await esbuild.build({
      entryPoints: [fileURLToPath(new URL('../../generator/site/widget/widget.ts', import.meta.url))],
      bundle: true,
      write: false,
      format: 'iife',
      minify: true,
      logLevel: 'silent',
      charset: 'utf8',
      loader: { '.css': 'text' },
    });
    const text = result.outputFiles[0]!.text;
    expect(text).toContain('نصاب الفضة');
    expect(text).not.toContain(ar.page.calculatorTitle);
    expect(text).not.toContain(ar.page.notice.twelveThousandDirhams);
  });
});

// The calculator's answer (issue 30's review): the lines as a native reader settled them, typed by hand.
// Amounts reach these functions already formatted and isolated (page/result-words.ts): FSI … PDI.
const iso = (text: string) => `\u2068${text}\u2069`;

describe('result', () => {
  it('Arabic: school names read as adjectives of المذهب, one school, two, or more', () => {
    const r = arResult.result;
    expect(r.why.debtCover(r.schools.maliki)).toBe(
      'المذهب المالكي يجعل الدين أولًا في مقابلة ما تملكه مما لا زكاة فيه وهو فاضل عن حاجتك، ثم في ذهبك وفضتك ونقودك؛ ولا يُسقط الدين زكاة الحرث والماشية.',
    );
    expect(r.why.debtNotDeducted(r.schools.shafii)).toBe('المذهب الشافعي (في الأظهر) لا يجعل الدين مانعًا من الزكاة: تزكي كل ما بيدك.');
    expect(r.why.loanOneYear(r.schools.maliki)).toBe('المذهب المالكي: لا زكاة في القرض حتى يُقبض، ثم يزكيه لعام واحد وإن أقام أعوامًا.');
    expect(r.why.ownHawl(r.schools.hanbali)).toBe(
      'المذهب الحنبلي: المال المستفاد هذا العام (هبة أو ميراث أو أجرة) لا زكاة فيه حتى يحول عليه الحول؛ والربح تابع لأصله.',
    );
    // result-words.ts joins a rule's schools with ", ": المذهب, المذهبان, المذاهب, the adjectives joined by و.
    expect(r.rule(iso('21'), 'المالكي')).toBe(`الحكم رقم ${iso('21')}: المذهب المالكي`);
    expect(r.rule(iso('8'), 'الشافعي, الحنبلي')).toBe(`الحكم رقم ${iso('8')}: المذهبان الشافعي والحنبلي`);
    expect(r.rule(iso('1'), 'الحنفي, المالكي, الشافعي, الحنبلي')).toBe(`الحكم رقم ${iso('1')}: المذاهب الحنفي والمالكي والشافعي والحنبلي`);
    // The body by its Arabic name, as the notice names it (issue 42).
    expect(r.rule(iso('5'), r.ruleBody('NMCN'))).toBe(`الحكم رقم ${iso('5')}: تقدير معاصر تعمل به لجنة رؤية الهلال النيجيرية (NMCN)`);
    expect(r.ruleBody('')).toBe('تقدير هيئة معاصرة');
  });

  it('Arabic: every count meets its noun in the form its number gives it, isolated', () => {
    const r = arResult.result;
    expect(r.units.gram('85')).toBe(iso('85 غرامًا'));
    expect(r.units.gram('100')).toBe(iso('100 غرام'));
    expect(r.units.gram('1.25')).toBe(iso('1.25 غرام'));
    expect(r.units.gram('2')).toBe(iso('غرامان'));
    expect(r.units.kg('1,000')).toBe(iso('1,000 كيلوغرام'));
    expect(r.units.kg('653')).toBe(iso('653 كيلوغرامًا'));
    expect(r.units.head('250')).toBe(iso('250 رأسًا'));
    expect(r.units.head('5')).toBe(iso('5 رؤوس'));
    expect(r.units.person('1')).toBe(iso('شخص واحد'));
    expect(r.units.person('5')).toBe(iso('5 أشخاص'));
    expect(r.units.sa('5')).toBe(iso('5 آصع'));
    expect(r.units.sa('0.5')).toBe(iso('0.5 صاع'));
    // As the hadith of the camels counts them: ابنتا لبون، حقتان، ثلاث بنات لبون; and the cattle: تبيع، مسنتان.
    expect(r.animal(iso('2'), r.animals.bint_labun, null)).toBe(iso('بنتا لبون'));
    expect(r.animal(iso('3'), r.animals.bint_labun, null)).toBe(iso('3 بنات لبون'));
    expect(r.animal(iso('2'), r.animals.hiqqah, null)).toBe(iso('حقتان'));
    expect(r.animal(iso('5'), r.animals.hiqqah, null)).toBe(iso('5 حقاق'));
    expect(r.animal(iso('1'), r.animals.tabi, null)).toBe(iso('تبيع'));
    expect(r.animal(iso('4'), r.animals.tabi, null)).toBe(iso('4 أتبعة'));
    expect(r.animal(iso('2'), r.animals.musinnah, null)).toBe(iso('مسنتان'));
    expect(r.animal(iso('2'), r.animals.sheep, null)).toBe(iso('شاتان'));
    expect(r.animal(iso('1'), r.animals.bint_makhad, null)).toBe(iso('بنت مخاض'));
    // زكاة سنتين: the dual after a noun it completes is genitive.
    expect(r.due.later(iso('2'))).toBe(`لا شيء الآن: زكاة ${iso('سنتين')} عند قبضه`);
    expect(r.due.later(iso('3'))).toBe(`لا شيء الآن: زكاة ${iso('3 سنوات')} عند قبضه`);
    expect(r.due.later(null)).toBe('لا شيء الآن: زكاة عام واحد عند قبضه');
    expect(r.why.arrears(iso('2'))).toBe(`زكاة السنين الماضية (${iso('سنتان')}): تُطرح زكاة كل سنة من المال قبل حساب التي بعدها.`);
    // The Shafi'i debt on one who acknowledges it and can pay (كالوديعة), and the Maliki terms of what covers a debt (issue 30's rest).
    expect(r.why.arrearsNow(iso('3'))).toBe(
      `تجب الآن، قبضته أو لم تقبضه: زكاة ما لم تُخرجه من السنين الماضية (${iso('3 سنوات')}). فالدين على مليء مقرّ به كالمال المودَع عنده؛ وتُطرح زكاة كل سنة من المال قبل حساب التي بعدها.`,
    );
    expect(r.inputs.outOfReach).toBe('لم يحلّ أجله، أو المدين جاحد له ولا بيّنة لك، أو معسر');
    expect(r.why.debtCoverTerms).toBe(
      'ويُشترط فيما يُجعل في مقابلة الدين أن يكون قد حال عليه الحول عندك، وأن يكون مما يُباع على المفلس (لا دار سكناك ولا ثوب بدنك)، وتُعتبر قيمته وقت وجوب الزكاة.',
    );
    expect(r.why.standards).toEqual({
      gold: 'نصاب الذهب (85 غرامًا)',
      silver: 'نصاب الفضة (595 غرامًا)',
      lower: 'أدنى النصابين اليوم، نصاب الذهب أو نصاب الفضة',
    });
    // بـ with a tatweel only before a figure: بنصاب، بأدنى.
    expect(r.why.standardPayer(r.why.standards.silver)).toBe('تُقاس النقود بنصاب الفضة (595 غرامًا)، كما اخترت.');
    expect(r.why.standardSchool(r.why.standards.lower)).toBe(
      'تُقاس النقود بأدنى النصابين اليوم، نصاب الذهب أو نصاب الفضة: تقدير الحنفية بالنصاب الأنفع للفقراء (قول أبي حنيفة)، أيًّا كان المعيار الذي اخترته.',
    );
    expect(r.due.deducted(`${iso('₦1')} في مقابلة ما تملكه مما لا زكاة فيه; ${iso('₦4')} من نقودك`)).toBe(
      `خُصم: ${iso('₦1')} في مقابلة ما تملكه مما لا زكاة فيه؛ ${iso('₦4')} من نقودك`,
    );
  });

  it('Arabic: the inputs, and "ما لك" (what is yours) never written "مالك" (Malik, or "your money")', () => {
    const r = arResult.result;
    expect(r.inputs.debtsTitle).toBe('الديون، وما لك على الناس، والمال المستفاد');
    expect(r.inputs.debtCover).toBe('ما تملكه مما لا زكاة فيه فاضلًا عن حاجتك: أرض، أو دار ثانية، أو عروض قِنية (₦)');
    expect(r.inputs.newMoney).toBe('من نقودك: ما ملكته منذ أقل من حول وليس ربحًا، كهبة أو ميراث أو أجرة (₦)');
    expect(r.inputs.savingsGold).toBe('حلي الذهب المدّخر لنوائب الدهر أو لصداق أو للتجارة (بالغرام)');
    expect(r.why.receivableNoSchool).toBe('لم يُختر مذهب: يُضم ما لك على الناس إلى نقودك هذا العام.');
    expect(r.why.grazingNotRequired).toBe('مذهبك يوجب الزكاة في المعلوفة والعوامل أيضًا.');
    const all = JSON.stringify(r, (_key, value) => (typeof value === 'function' ? String(value) : value));
    expect(all).not.toMatch(/(^|[\s،(])(و)?مالك([\s،.:؛)]|$)/);
  });

  it('Hausa: money owed to you is "kuɗin da kake bi", what you owe "bashin da ake binka"; one is ɗaya', () => {
    const r = haResult.result;
    expect(r.inputs.debtsTitle).toBe('Bashin da ake binka, kuɗin da kake bin wasu, kuɗin da suka shigo bana');
    expect(r.inputs.debts).toBe('Bashin da ake binka wanda dole ka biya (₦)');
    expect(r.inputs.receivable).toBe('Kuɗin da kake bin wani (₦)');
    expect(r.inputs.newMoney).toBe(
      'Daga cikin kuɗinka, abin da ya shigo hannunka bai cika hauli ba (shekarar Hijira), kuma ba riba ba ne: kyauta, gado, albashi (₦)',
    );
    expect(r.why.receivableNoSchool).toBe('Ba a zaɓi mazhaba ba: an ƙidaya kuɗin da kake bin wasu tare da kuɗinka a bana.');
    expect(r.why.debtCover(r.schools.maliki)).toBe(
      'Mazhabar Malikiyya tana fara ɗora bashi a kan abin da ka mallaka wanda ba shi da zakka kuma ya wuce buƙatarka, sannan a kan zinariya, azurfa da kuɗinka; ba a kan amfanin gona ko dabbobi ba.',
    );
    expect(r.why.loanOneYear(r.schools.maliki)).toBe(
      'Mazhabar Malikiyya: rance ba shi da zakka har sai an biya ka, sannan ka fitar da zakkar shekara ɗaya ko yaya daɗewarsa.',
    );
    expect(r.why.arrearsNow(iso('2'))).toBe(
      `Zakkar shekaru ${iso('2')} da suka wuce waɗanda ba ka fitar ba, ana fitar da ita yanzu, ko an biya ka ko ba a biya ba. Bashin da kake bin wanda ya amince da shi kuma zai iya biya kamar kuɗin da ka ajiye a wurinsa ne; ana cire zakkar kowace shekara daga ta gaba.`,
    );
    expect(r.inputs.outOfReach).toBe('Lokacin biyansa bai yi ba, ko wanda kake bi ya musanta (kuma ba ka da shaida), ko ba zai iya biya ba');
    expect(r.why.debtCoverTerms).toBe(
      'Abin da ake ɗora bashi a kansa dole hauli (shekarar Hijira) ya cika a kansa a hannunka, kuma ya zama irin abin da alƙali zai sayar domin a biya bashi (ba gidan da kake zaune a ciki ba, ko tufafin da kake sawa ba); ana ƙimanta shi a lokacin da zakka ta wajaba.',
    );
    expect(r.why.ownHawl(r.schools.maliki)).toBe(
      'Mazhabar Malikiyya: kuɗin da suka shigo bana (kyauta, gado, albashi) ba su da zakka har sai hauli (shekarar Hijira) ya cika a kansu; riba tana bin jarinta.',
    );
    expect(r.why.wornExempt(r.schools.maliki)).toBe(
      'Mazhabar Malikiyya ba ta wajabta zakka a kan kayan adon mata da suka halatta, waɗanda take sawa ba. Zinariyar namiji ba ado ne da ya halatta gare shi ba: ka shigar da ita cikin zinariya.',
    );
    expect(r.what['worn-gold']).toBe('Kayan adon mata na zinariya da ake sawa');
    // A reason never says he or she of the line it explains (zinariya is feminine, kuɗi plural, kayan ado plural).
    expect(r.why.partsBelow(r.schools.maliki, iso('0.5'))).toBe(
      `Ba a kai nisabi ba: mazhabar Malikiyya tana haɗa dukiyarka rabo-rabo (${iso('0.5')}; sai jimilla ta kai 1).`,
    );
    expect(r.why.valueReach(r.schools.hanafi, iso('₦2'), iso('₦1'))).toBe(
      `An kai nisabi idan aka haɗa wannan da sauran dukiyarka: mazhabar Hanafiyya (Abu Hanifa) tana haɗa su da ƙima, jimilla ${iso('₦2')}, nisabi ${iso('₦1')}.`,
    );
    expect([r.due.countedGold, r.due.exempt]).toEqual(['an haɗa da zinariyarka', 'babu komai: ba a wajabta zakka ba']);
    expect(r.why.alone(iso('₦1,226,470.93'))).toBe(`Wannan kaɗai ya kai nisabi (${iso('₦1,226,470.93')}).`);
    expect(r.due.money(iso('2.5'), iso('₦500,000.00'))).toBe(`kashi ɗaya cikin arba'in (${iso('2.5')}%): ${iso('₦500,000.00')}`);
    expect(r.animal(iso('1'), r.animals.hiqqah, null)).toBe('hiƙƙa ɗaya');
    expect(r.animal(iso('5'), r.animals.bint_labun, null)).toBe(`bintu labun ${iso('5')}`);
    expect(r.units.person('1')).toBe('mutum ɗaya');
    expect(r.units.person('5')).toBe('mutum 5');
    expect(r.rule(iso('21'), r.schools.maliki)).toBe(`doka ta ${iso('21')}: Malikiyya`);
    expect(r.total(iso('₦500,000.00'))).toBe(`Zakkar da za a fitar da kuɗi: ${iso('₦500,000.00')}`);
    expect(r.inKind).toBe('Ban da kuɗin nan, za a fitar da waɗannan da kayansu:');
    expect(r.inKindOnly).toBe('Zakkar da za ka fitar da kaya (ba da kuɗi ba):');
    // Hausa words that take a hooked letter, written without it anywhere in the answer.
    const all = JSON.stringify(r, (_key, value) => (typeof value === 'function' ? String(value) : value));
    expect(all.match(/\b(kasa|karshe|karanci|kima|kimar|kidaya|kididdige|daya|kudi|kudinka|bukatarka|zabi|zaba|bangare|dauke|rakuma|hikka)\b/i)).toBeNull();
  });

  it('no English word in the Hausa or Arabic answer (every string, and every function called with figures)', () => {
    const english =
      /\b(the|and|of|nothing|counted|held|school|below|reaches|gold|silver|money|debts?|loan|years?|zakat|rule|person|people|head|sheep|with|your|due|trade|cash|harvest|food|wheat|camels?|cattle|goats?|jewellery|source)\b/i;
    const texts = (value: unknown): string[] =>
      typeof value === 'string'
        ? [value]
        : typeof value === 'function'
          ? [['3', '3', '3'], [null, '1', '1'], [true], [false]].flatMap((args) => {
              // Each function is called with the figures it takes; a call with another signature's arguments is skipped.
              try {
                return texts(value(...args));
              } catch {
                return [];
              }
            })
          : value && typeof value === 'object'
            ? Object.values(value).flatMap(texts)
            : [];
    for (const r of [haResult.result, arResult.result]) {
      const all = texts(r).join(' ');
      expect(all.length).toBeGreaterThan(5000);
      expect(all.match(english)?.[0] ?? null).toBeNull();
    }
  });
});
