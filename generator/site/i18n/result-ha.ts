// The calculator's answer in Hausa (result-en.ts is the model), in the terms
// Nigerian scholars use (zakka, nisabi, hauli, mazhabar Malikiyya, fidda kai,
// sa'i, kwano, mudu); one term per concept, as docs/translations.md's glossary. Reviewed as a native reader would read it: docs/translations.md.
// A count follows its noun (giram 85, mutum 4); one is ɗaya. A reason says
// "wannan" (this) or speaks impersonally (an kai nisabi), never he or she: the
// line it explains may be zinariya, kuɗi or kayan ado.
import type { ResultStrings } from './catalogue.ts';

/** A rate as the Kano Commission and the books say it, its figure (isolated) in brackets: "rabin ushuri (5%)". */
function rate(percent: string): string {
  const words: { [figure: string]: string } = { '2.5': "kashi ɗaya cikin arba'in", '5': 'rabin ushuri', '10': 'ushuri' };
  const named = words[percent.replace(/[\u2068\u2069]/g, '')];
  return named ? `${named} (${percent}%)` : `kashi ${percent} cikin ɗari`;
}

export const result: ResultStrings = {
  inputs: {
    inKindTitle: 'Dabbobi, amfanin gona da zakkar fidda kai',
    outOfRange: (label, max) => `${label}: shigar da lamba daga 0 zuwa ${max}.`,
    tooMany: (label, max) => `${label}: kada ka shigar da fiye da ${max}.`,
    debtsTitle: 'Bashin da ake binka, kuɗin da kake bin wasu, kuɗin da suka shigo bana',
    debts: 'Bashin da ake binka wanda dole ka biya (₦)',
    debtCover: 'Abin da ka mallaka wanda ba shi da zakka kuma ya wuce buƙatarka: fili, gida na biyu, kayan amfani na gida (₦)',
    receivable: 'Kuɗin da kake bin wani (₦)',
    receivableKind: 'Shi ne',
    loan: 'rance',
    trade: 'kuɗin kayan da ka sayar',
    collected: 'An biya ka shi bana (ba tare da ka sake shigar da shi cikin kuɗinka ba)',
    outOfReach: 'Lokacin biyansa bai yi ba, ko wanda kake bi ya musanta (kuma ba ka da shaida), ko ba zai iya biya ba',
    yearsOut: 'Shekarun da ya yi a hannun wanda kake bi',
    newMoney: 'Daga cikin kuɗinka, abin da ya shigo hannunka bai cika hauli ba (shekarar Hijira), kuma ba riba ba ne: kyauta, gado, albashi (₦)',
    savingsGold: 'Kayan adon zinariya da aka ajiye domin lokacin wahala, sadaki ko kasuwanci (giram)',
    savingsSilver: 'Kayan adon azurfa da aka ajiye (giram)',
    standardNote:
      "Idan mazhabarka tana da nata ma'aunin kuɗi (Hanafiyya: nisabin da ya fi amfani ga talakawa), shi ake bi; sauran mazhabobi sun bar maka zaɓi.",
    partnerCamels: 'Raƙuman abokin tarayyarka a cikin garken haɗaka (khulɗa)',
    partnerCattle: 'Shanun abokin tarayyarka a cikin garken haɗaka (khulɗa)',
    partnerSheepGoats: 'Tumaki da awakin abokin tarayyarka a cikin garken haɗaka (khulɗa)',
    valueCamels: 'Ƙimar raƙumanka, inda mazhabarka ke ɗora bashi a kan dabbobi (₦)',
    valueCattle: 'Ƙimar shanunka, inda mazhabarka ke ɗora bashi a kan dabbobi (₦)',
    valueSheepGoats: 'Ƙimar tumakinka da awakinka, inda mazhabarka ke ɗora bashi a kan dabbobi (₦)',
    wateringShare: 'Amfanin gonar da aka shayar ta hanyoyi biyu: ɓangaren da ruwan sama ko kogi ya shayar ba tare da kuɗi ba (daga 0 zuwa 1; 0.5 rabi ne)',
  },
  schools: { hanafi: 'Hanafiyya', maliki: 'Malikiyya', shafii: "Shafi'iyya", hanbali: 'Hanbaliyya' },
  what: {
    money: 'Kuɗi da kayan kasuwanci',
    gold: 'Zinariya',
    silver: 'Azurfa',
    'worn-gold': 'Kayan adon mata na zinariya da ake sawa',
    'worn-silver': 'Kayan adon mata na azurfa da ake sawa',
    'savings-gold': 'Kayan adon zinariya da aka ajiye',
    'savings-silver': 'Kayan adon azurfa da aka ajiye',
    'muhtakir-goods': 'Kayan kasuwancin muhtakiri (mai jiran kasuwa)',
    debts: 'Bashin da ake binka',
    'receivable-loan': 'Rancen da kake bi',
    'receivable-trade': 'Bashin kasuwanci da kake bi',
    'receivable-arrears-loan': 'Rancen: shekarun da suka wuce',
    'receivable-arrears-trade': 'Bashin kasuwanci: shekarun da suka wuce',
    'new-money': 'Kuɗin da suka shigo bana',
    'crops-rain-fed': 'Amfanin gona (ruwan sama ko kogi)',
    'crops-irrigated': 'Amfanin gona (noman rani)',
    'crops-mixed': 'Amfanin gona (duka biyu, rabi da rabi)',
    camels: 'Raƙuma',
    cattle: 'Shanu',
    'sheep-goats': 'Tumaki da awaki',
    fitr: 'Zakkar fidda kai',
  },
  units: {
    gram: (n) => `giram ${n}`,
    kg: (n) => `kilo ${n}`,
    head: (n) => (n === '1' ? 'dabba ɗaya' : `dabbobi ${n}`),
    person: (n) => (n === '1' ? 'mutum ɗaya' : `mutum ${n}`),
    sa: (n) => (n === '1' ? "sa'i ɗaya" : `sa'i ${n}`),
  },
  animals: {
    sheep: 'akuya ko tunkiya',
    bint_makhad: 'bintu makhad',
    bint_labun: 'bintu labun',
    hiqqah: 'hiƙƙa',
    jadhaah: "jaza'a",
    tabi: "tabi'i",
    musinnah: 'musinna',
  },
  // One is ɗaya after its noun (hiƙƙa ɗaya), as after every Hausa noun; the count comes isolated. The age and sex
  // follow in brackets, so a herder knows what to give: "musinna ɗaya (saniya mace, ba sa ba, mai shekara huɗu)".
  animal: (count, item, words) => `${item} ${count.replace(/[\u2068\u2069]/g, '') === '1' ? 'ɗaya' : count}${words ? ` (${words})` : ''}`,
  // Written by the engineers from the rules' plain words; a speaker should confirm them as Kano's Shari'a Commission words them.
  animalWords: {
    'a sheep or a goat': 'tunkiya ko akuya',
    'a she-camel in her second year': 'taguwa mai shiga shekara ta biyu',
    'a she-camel in her third year': 'taguwa mai shiga shekara ta uku',
    'a she-camel in her fourth year': 'taguwa mai shiga shekara ta huɗu',
    'a she-camel in her fifth year': 'taguwa mai shiga shekara ta biyar',
    'a she-camel of two years, as al-Risala counts': 'taguwa mai shekara biyu, kamar yadda littafin Risala ya ƙidaya',
    'a she-camel of three years, as al-Risala counts': 'taguwa mai shekara uku, kamar yadda littafin Risala ya ƙidaya',
    'a she-camel of four years, ready to carry and be bred': 'taguwa mai shekara huɗu, wadda ta isa a ɗora mata kaya, a kuma yi mata barbara',
    'a she-camel of five years, as al-Risala counts': 'taguwa mai shekara biyar, kamar yadda littafin Risala ya ƙidaya',
    'a calf, male or female, one year old': "ɗan maraki ko 'yar maraki mai shekara ɗaya",
    'a calf, male or female, two years old': "ɗan maraki ko 'yar maraki mai shekara biyu",
    'a cow two years old': 'saniya mai shekara biyu',
    'a cow, female only, four years old': 'saniya mace, ba sa ba, mai shekara huɗu',
    "a jadha' of sheep or a thaniy of goats": "tunkiya jaza'a ko akuya saniyya",
    "a sheep or a goat, jadha' or thaniy": "tunkiya jaza'a ko akuya saniyya",
    "a sheep or a goat, jadha' or thaniy, from the flocks of the land": "tunkiya jaza'a ko akuya saniyya, daga irin dabbobin ƙasar",
  },
  and: ' da ',
  or: ', ko ',
  pastYear: (year) => `Shekara ta ${year} da ta wuce`,
  pastYearSpan: (first, last) => `Shekaru na ${first} zuwa na ${last} da suka wuce`,
  fromTo: (from, to) => `daga ${from} zuwa ${to}`,
  animalsMore: (units) => `, ko duk wani haɗi na ${units}`,
  perHeads: (animal, heads) => `${animal} a kowace ${heads}`,
  due: {
    nothing: 'babu komai',
    exempt: 'babu komai: ba a wajabta zakka ba',
    countedGold: 'an haɗa da zinariyarka',
    countedSilver: 'an haɗa da azurfarka',
    countedMoney: 'an haɗa da kuɗinka',
    money: (percent, amount) => `${rate(percent)}: ${amount}`,
    metal: (grams, percent, amount) => `${grams}, ${rate(percent)}${amount ? `: ${amount}` : ''}`,
    crop: (kg, measure, percent) => `${kg} daga girbi (${measure}), ${rate(percent)}`,
    fitr: {
      'one-sa': (amount, kwano) => `${amount} na abinci (${kwano})`,
      'hanafi-half-sa-wheat': (amount) => `${amount} na alkama, garinta ko zabibi`,
      'hanafi-sa-dates-barley': (amount) => `${amount} na dabino ko sha'ir`,
    },
    kwano: (kwano, mudd) => `kwano ${kwano}, mudu ${mudd}`,
    wasq: (n) => `wasaƙi ${n}`,
    deducted: (parts) => `an cire: ${parts}`,
    covered: (amount) => `${amount} a kan abin da ka mallaka wanda ba shi da zakka`,
    fromMoney: (amount) => `${amount} daga kuɗinka`,
    fromGold: (amount) => `${amount} daga zinariyarka`,
    fromSilver: (amount) => `${amount} daga azurfarka`,
    notDeducted: 'ba a cire ba',
    later: (years) => (years === null ? 'babu komai yanzu: zakkar shekara ɗaya idan an biya ka' : `babu komai yanzu: zakkar shekaru ${years} idan an biya ka`),
    unknown: 'ba a sani ba: ba a wallafa hukunci kan wannan ba',
  },
  why: {
    alone: (nisab) => `Wannan kaɗai ya kai nisabi (${nisab}).`,
    belowOwn: (nisab) => `Wannan bai kai nisabi ba (${nisab}).`,
    noRate: "Babu farashi na wannan ma'auni tukuna: ba za a iya ƙimanta nisabi ba.",
    noRule: 'Ka tambayi malami: bayanan ba su da doka kan wannan.',
    noNisab: 'Babu nisabi a wannan doka: girbi kaɗan ko mai yawa yana da zakka.',
    standardPayer: (standard) => `Ana auna kuɗi da ${standard}, kamar yadda ka zaɓa.`,
    standardSchool: (standard) =>
      `Ana auna kuɗi da ${standard}: ma'aunin Hanafiyya, nisabin da ya fi amfani ga talakawa (Abu Hanifa), ko da wane ma'auni ka zaɓa.`,
    standards: { gold: 'nisabin zinariya (giram 85)', silver: 'nisabin azurfa (giram 595)', lower: 'nisabin da ya fi ƙaranci a yau, na zinariya ko na azurfa' },
    partsReach: (school, sum) =>
      `An kai nisabi idan aka haɗa wannan da sauran dukiyarka: mazhabar ${school} tana haɗa su rabo-rabo, kowanne da rabonsa na nisabinsa (${sum}; 1 ko fiye ya kai nisabi).`,
    partsBelow: (school, sum) => `Ba a kai nisabi ba: mazhabar ${school} tana haɗa dukiyarka rabo-rabo (${sum}; sai jimilla ta kai 1).`,
    valueReach: (school, total, nisab) =>
      `An kai nisabi idan aka haɗa wannan da sauran dukiyarka: mazhabar ${school} (Abu Hanifa) tana haɗa su da ƙima, jimilla ${total}, nisabi ${nisab}.`,
    valueBelow: (school, total, nisab) => `Ba a kai nisabi ba: an haɗa dukiyarka da ƙima (mazhabar ${school}, Abu Hanifa), jimilla ${total}, nisabi ${nisab}.`,
    none: (school) =>
      `Ba a kai nisabi ba: mazhabar ${school} ba ta haɗa zinariya da azurfa; sai kowanne daga cikin zinariya, azurfa da kuɗinka ya kai nisabinsa shi kaɗai.`,
    share: (held, nisab) => `${held} ÷ ${nisab}`,
    wornNoSchool: 'Ba a zaɓi mazhaba ba: an ƙidaya kayan adon da mace take sawa (Hanafiyya suna wajabta zakka a kansa; sauran mazhabobi ba su wajabta ba).',
    wornDue: (school) => `Mazhabar ${school} tana wajabta zakka a kan kayan adon mata da suka halatta, waɗanda take sawa.`,
    wornExempt: (school) =>
      `Mazhabar ${school} ba ta wajabta zakka a kan kayan adon mata da suka halatta, waɗanda take sawa ba. Zinariyar namiji ba ado ne da ya halatta gare shi ba: ka shigar da ita cikin zinariya.`,
    savings: (school) =>
      `Kayan adon da aka ajiye domin lokacin wahala, sadaki ko kasuwanci yana da zakka kamar sauran zinariya da azurfa (mazhabar ${school}).`,
    savingsNoPosition:
      'An ƙidaya: kayan adon da aka ajiye ba don sawa ba ana ɗaukarsa zinariya da azurfa (ba a wallafa matsayin mazhabarka a nan ba; ka tambayi malami).',
    muhtakirSold: 'Muhtakiri yana fitar da zakkar kuɗin da ya sayar da kayan, sau ɗaya, ta shekara ɗaya, ko yaya daɗewar kayan a hannunsa.',
    muhtakirUnsold: 'Muhtakiri ba shi da zakka a kan kayan da yake jira su yi tsada har sai ya sayar.',
    debtCover: (school) =>
      `Mazhabar ${school} tana fara ɗora bashi a kan abin da ka mallaka wanda ba shi da zakka kuma ya wuce buƙatarka, sannan a kan zinariya, azurfa da kuɗinka; ba a kan amfanin gona ko dabbobi ba.`,
    debtCoverTerms:
      'Abin da ake ɗora bashi a kansa dole hauli (shekarar Hijira) ya cika a kansa a hannunka, kuma ya zama irin abin da alƙali zai sayar domin a biya bashi (ba gidan da kake zaune a ciki ba, ko tufafin da kake sawa ba); ana ƙimanta shi a lokacin da zakka ta wajaba.',
    debtDeducted: (school) => `Mazhabar ${school} tana cire abin da ake binka daga dukiyarka kafin a auna ta da nisabi.`,
    debtNotDeducted: (school) => `Mazhabar ${school} (a ra'ayinta mafi inganci) ba ta bari bashi ya rage zakkarka ba: kana fitarwa a kan abin da ke hannunka.`,
    debtNoSchool: 'Ba a zaɓi mazhaba ba: an cire bashinka daga kuɗinka, zinariya da azurfa, kamar yadda Malikiyya, Hanafiyya da Hanbaliyya suke gani.',
    debtLeft: (livestockToo) =>
      livestockToo
        ? 'Wani ɓangare na bashin ya rage: mazhabarka tana ɗora shi a kan dabbobi ma; ka tambayi malami yadda ake yi.'
        : 'Wani ɓangare na bashin ya rage: ba ya rage amfanin gona ko dabbobi.',
    loanOneYear: (school) => `Mazhabar ${school}: rance ba shi da zakka har sai an biya ka, sannan ka fitar da zakkar shekara ɗaya ko yaya daɗewarsa.`,
    tradeMudir: (school) =>
      `Mazhabar ${school}: ɗan kasuwa mai juya kaya (mudiri) yana ƙidaya bashin kasuwancin da yake sa ran a biya shi tare da kuɗinsa kowace shekara.`,
    tradeMuhtakir: (school) =>
      `Mazhabar ${school}: ɗan kasuwa mai jiran tsada (muhtakiri) ba shi da zakka a kan bashin kasuwanci har sai an biya, sannan zakkar shekara ɗaya.`,
    everyYearOnCollection: (school, years) =>
      `Mazhabar ${school}: akwai zakka a kan kowace shekarar da ya yi a hannun wanda kake bi (shekaru ${years}), ana fitarwa idan an biya ka.`,
    everyYear: (school) => `Mazhabar ${school}: kuɗin da kake bin wanda zai iya biya ana ƙidaya su tare da kuɗinka kowace shekara.`,
    receivableNoSchool: 'Ba a zaɓi mazhaba ba: an ƙidaya kuɗin da kake bin wasu tare da kuɗinka a bana.',
    arrears: (years) => `Zakkar shekaru ${years} da suka wuce, ana cire zakkar kowace shekara daga ta gaba.`,
    arrearsNow: (years) =>
      `Zakkar shekaru ${years} da suka wuce waɗanda ba ka fitar ba, ana fitar da ita yanzu, ko an biya ka ko ba a biya ba. Bashin da kake bin wanda ya amince da shi kuma zai iya biya kamar kuɗin da ka ajiye a wurinsa ne; ana cire zakkar kowace shekara daga ta gaba.`,
    pastYearsToday:
      'Bashin da kake bin wani ba shi da kwanan wata: ana auna kowace shekarar da ta wuce da nisabin yau, tare da sauran kuɗinka kamar yadda ka shigar da su.',
    pastYearsTakenOff: 'Ana cire zakkar kowace shekara kafin a ƙimanta ta gaba, har da ta bana.',
    pastYearDue: (years, counted, nisab, due) => `${years}: an ƙidaya ${counted}, nisabi ${nisab}: zakka ${due}.`,
    pastYearBelow: (years, counted, nisab) => `${years}: an ƙidaya ${counted}, bai kai nisabi ${nisab} ba: babu zakka.`,
    pastYearAfterBelow: (years) =>
      `${years}: shekarar da ta gabace ba ta kai nisabi ba, kuma mazhabarka tana sake fara hauli idan dukiyar ta dawo ta kai nisabi: babu zakka.`,
    pastYearNoRate: (years) => `${years}: babu farashi a ranar ko kafin ta, don haka ba a san nisabin ba, kuma ba a lissafa zakkar ba.`,
    ownHawl: (school) =>
      `Mazhabar ${school}: kuɗin da suka shigo bana (kyauta, gado, albashi) ba su da zakka har sai hauli (shekarar Hijira) ya cika a kansu; riba tana bin jarinta.`,
    joinsNisab: (school) => `Mazhabar ${school} (Abu Hanifa): kuɗin da suka shigo bana suna haɗuwa da nisabin da kake da shi, ana fitar da zakkarsu tare.`,
    joinsNoNisab: (school) =>
      `Mazhabar ${school} (Abu Hanifa): kuɗin da suka shigo bana suna haɗuwa da nisabin da ake da shi; sauran kuɗinka ba su kai ba, don haka suna jiran shekararsu.`,
    newMoneyNoSchool: "Ba a zaɓi mazhaba ba: kuɗin da suka shigo bana suna jiran haulinsu ya cika, kamar yadda Malikiyya, Shafi'iyya da Hanbaliyya suke gani.",
    grazingRequired: 'Mazhabarka ba ta ƙidaya sai dabbobin da suke kiwo a makiyaya mafi yawan shekara.',
    grazingNotRequired: 'Mazhabarka tana ƙidaya dabbobin da ake ciyarwa a gida da na aiki ma.',
    grazingNoSchool: 'Malikiyya suna ƙidaya dabbobin da ake ciyarwa a gida da na aiki; sauran mazhabobi sai masu kiwo a makiyaya mafi yawan shekara.',
    fitr: 'Ana fitar da ita a madadin kowane mutum, kafin sallar Idi.',
  },
  flock: {
    part: (n, d, written) =>
      n === 1 && d === 2 ? 'rabin abin da' : n === 1 && d === 3 ? 'sulusin abin da' : n === 1 && d === 4 ? "rubu'in abin da" : `kashi ${written} na abin da`,
    due: (part, of, flock) =>
      `${part} garken haɗaka (${flock}) ke bayarwa, wato ${of}: za a ɗauka daga garken, sannan kai da abokin tarayyarka ku daidaita a tsakaninku gwargwadon yawan dabbobinku`,
    oneHerd: (school, partner, flock) =>
      `Mazhabar ${school} tana ƙidaya garken da aka haɗa da abokin tarayya (khulɗa) a matsayin garke ɗaya: naka tare da na abokinka (${partner}), ${flock} gaba ɗaya; abin da garken ke bayarwa ana raba shi gwargwadon yawan dabbobin kowa.`,
    eachReaches: (school, partner, flock) =>
      `Mazhabar ${school} tana ƙidaya garken haɗaka (khulɗa) a matsayin garke ɗaya idan dabbobin kowane abokin tarayya sun kai nisabi, kamar yadda naka da na abokinka (${partner}) suka kai: ${flock} gaba ɗaya; abin da garken ke bayarwa ana raba shi gwargwadon yawan dabbobin kowa.`,
    notEach: (school, partner) =>
      `Mazhabar ${school} ba ta ƙidaya garken haɗaka (khulɗa) a matsayin garke ɗaya sai idan dabbobin kowane abokin tarayya sun kai nisabi; a nan ba su kai ba (na abokinka: ${partner}), don haka ana ƙidaya naka shi kaɗai.`,
    eachAlone: (school, partner) =>
      `Mazhabar ${school} ba ta ƙidaya garken haɗaka (khulɗa) a matsayin garke ɗaya: ana ƙidaya naka shi kaɗai (na abokinka, ${partner}, nasa ne).`,
    noSchool: (partner) => `Ba a zaɓi mazhaba ba: ana ƙidaya garkenka shi kaɗai (na abokinka: ${partner}); mazhabobi sun saɓa a kan garken haɗaka (khulɗa).`,
    debt: (value, head, left) =>
      `Bashin da ake binka ya ɗauki ${value} daga wannan garken a kan ƙimarsa, wato ${head}: ${left} ne naka ba tare da bashi ba, su ake ƙidayawa.`,
    fromHerd: (amount, herd) => `${amount} daga garkenka (${herd})`,
    debtLeftValue: 'Wani ɓangare na bashin ya rage: mazhabarka tana ɗora shi a kan dabbobi ma; shigar da ƙimar kowane garke domin a ɗora shi a kansu.',
    debtLeftAll: 'Wani ɓangare na bashin ya rage: ya fi duk abin da ake ɗora shi a kansa.',
  },
  watering: {
    what: 'Amfanin gona (an shayar ta hanyoyi biyu)',
    percent: (n) => `kashi ${n} cikin ɗari`,
    eachPart: (school, share) =>
      `Mazhabar ${school}: amfanin gonar da aka shayar ta hanyoyi biyu, kowane ɓangare da nasa hukuncin: kashi 10 cikin ɗari na ɓangaren da aka shayar ba tare da kuɗi ba (${share}), kashi 5 cikin ɗari na sauran.`,
    greaterPart: (school, share) =>
      `Mazhabar ${school}: amfanin gonar da aka shayar ta hanyoyi biyu ana bin hanyar da ta fi yawa (wadda ba ta da kuɗi: ${share}); idan sun yi daidai, kashi 5 cikin ɗari.`,
  },
  rule: (id, schools) => `doka ta ${id}: ${schools}`,
  ruleBody: (bodies) => (bodies ? `dokar hukumar zamani, wadda ${bodies} ke amfani da ita` : 'dokar wata hukuma ta zamani'),
  total: (amount) => `Zakkar da za a fitar da kuɗi: ${amount}`,
  inKind: 'Ban da kuɗin nan, za a fitar da waɗannan da kayansu:',
  inKindOnly: 'Zakkar da za ka fitar da kaya (ba da kuɗi ba):',
  nothingDue: 'Babu zakka a kan abin da ka shigar.',
};
