// The calculator's answer in Hausa (result-en.ts is the model), in the terms
// Nigerian scholars use (zakka, nisabi, hauli, mazhabar Malikiyya, fid-da-kai,
// sa'i, kwano). Reviewed as a native reader would read it: docs/translations.md.
// A count follows its noun (giram 85, mutum 4); one is ɗaya. A reason says
// "wannan" (this) or speaks impersonally (an kai nisabi), never he or she: the
// line it explains may be zinariya, kuɗi or kayan ado.
import type { ResultStrings } from './catalogue.ts';

export const result: ResultStrings = {
  inputs: {
    inKindTitle: 'Dabbobi, amfanin gona da zakkar fid-da-kai',
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
    newMoney: 'Daga cikin kuɗinka, abin da ya shigo hannunka bai cika hauli ba (shekarar wata), kuma ba riba ba ne: kyauta, gado, albashi (₦)',
    savingsGold: 'Kayan adon zinariya da aka ajiye domin lokacin wahala, sadaki ko kasuwanci (giram)',
    savingsSilver: 'Kayan adon azurfa da aka ajiye (giram)',
    standardNote:
      'Idan mazhabarka tana da nata ma’aunin kuɗi (Hanafiyya: nisabin da ya fi amfani ga talakawa), shi ake bi; sauran mazhabobi sun bar maka zaɓi.',
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
    fitr: 'Zakkar fid-da-kai',
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
  // One is ɗaya after its noun (hiƙƙa ɗaya), as after every Hausa noun; the count comes isolated.
  animal: (count, item) => `${item} ${count.replace(/[\u2068\u2069]/g, '') === '1' ? 'ɗaya' : count}`,
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
    money: (percent, amount) => `kashi ${percent} cikin ɗari: ${amount}`,
    metal: (grams, percent, amount) => `${grams} (kashi ${percent} cikin ɗari)${amount ? `, ${amount}` : ''}`,
    crop: (kg, percent) => `${kg} daga girbi (kashi ${percent} cikin ɗari)`,
    fitr: {
      'one-sa': (amount, kwano) => `${amount} na abinci (${kwano})`,
      'hanafi-half-sa-wheat': (amount) => `${amount} na alkama, garinta ko zabibi`,
      'hanafi-sa-dates-barley': (amount) => `${amount} na dabino ko sha'ir`,
    },
    kwano: (n) => `kwano ${n}`,
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
    noRate: 'Babu farashi na wannan ma’auni tukuna: ba za a iya ƙimanta nisabi ba.',
    noRule: 'Ka tambayi malami: bayanan ba su da doka kan wannan.',
    noNisab: 'Babu nisabi a wannan doka: girbi kaɗan ko mai yawa yana da zakka.',
    standardPayer: (standard) => `Ana auna kuɗi da ${standard}, kamar yadda ka zaɓa.`,
    standardSchool: (standard) =>
      `Ana auna kuɗi da ${standard}: ma’aunin Hanafiyya, nisabin da ya fi amfani ga talakawa (Abu Hanifa), ko da wane ma’auni ka zaɓa.`,
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
    wornDue: (school) => `Mazhabar ${school} tana wajabta zakka a kan halattaccen kayan adon da mace take sawa.`,
    wornExempt: (school) =>
      `Mazhabar ${school} ba ta wajabta zakka a kan halattaccen kayan adon da mace take sawa ba. Zinariyar namiji ba ado ne da ya halatta gare shi ba: ka shigar da ita cikin zinariya.`,
    savings: (school) =>
      `Kayan adon da aka ajiye domin lokacin wahala, sadaki ko kasuwanci yana da zakka kamar sauran zinariya da azurfa (mazhabar ${school}).`,
    savingsNoPosition:
      'An ƙidaya: kayan adon da aka ajiye ba don sawa ba ana ɗaukarsa zinariya da azurfa (ba a wallafa matsayin mazhabarka a nan ba; ka tambayi malami).',
    muhtakirSold: 'Muhtakiri yana fitar da zakkar kuɗin da ya sayar da kayan, sau ɗaya, ta shekara ɗaya, ko yaya daɗewar kayan a hannunsa.',
    muhtakirUnsold: 'Muhtakiri ba shi da zakka a kan kayan da yake jira su yi tsada har sai ya sayar.',
    debtCover: (school) =>
      `Mazhabar ${school} tana fara ɗora bashi a kan abin da ka mallaka wanda ba shi da zakka kuma ya wuce buƙatarka, sannan a kan zinariya, azurfa da kuɗinka; ba a kan amfanin gona ko dabbobi ba.`,
    debtCoverTerms:
      'Abin da ake ɗora bashi a kansa dole hauli (shekarar wata) ya cika a kansa a hannunka, kuma ya zama irin abin da alƙali zai sayar domin a biya bashi (ba gidan da kake zaune a ciki ba, ko tufafin da kake sawa ba); ana ƙimanta shi a lokacin da zakka ta wajaba.',
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
    everyYear: (school) => `Mazhabar ${school}: kuɗin da wanda zai iya biya yake binka ana ƙidaya su tare da kuɗinka kowace shekara.`,
    receivableNoSchool: 'Ba a zaɓi mazhaba ba: an ƙidaya kuɗin da kake bin wasu tare da kuɗinka a bana.',
    arrears: (years) => `Zakkar shekaru ${years} da suka wuce, ana cire zakkar kowace shekara daga ta gaba.`,
    arrearsNow: (years) =>
      `Zakkar shekaru ${years} da suka wuce waɗanda ba ka fitar ba, ana fitar da ita yanzu, ko an biya ka ko ba a biya ba. Bashin da wanda ya amince da shi kuma zai iya biya yake binka kamar kuɗin da ka ajiye a wurinsa ne; ana cire zakkar kowace shekara daga ta gaba.`,
    pastYearsToday:
      'Bashin da kake bin wani ba shi da kwanan wata: ana auna kowace shekarar da ta wuce da nisabin yau, tare da sauran kuɗinka kamar yadda ka shigar da su.',
    pastYearsTakenOff: 'Ana cire zakkar kowace shekara kafin a ƙimanta ta gaba, har da ta bana.',
    pastYearDue: (years, counted, nisab, due) => `${years}: an ƙidaya ${counted}, nisabi ${nisab}: zakka ${due}.`,
    pastYearBelow: (years, counted, nisab) => `${years}: an ƙidaya ${counted}, bai kai nisabi ${nisab} ba: babu zakka.`,
    pastYearAfterBelow: (years) =>
      `${years}: shekarar da ta gabace ba ta kai nisabi ba, kuma mazhabarka tana sake fara hauli idan dukiyar ta dawo ta kai nisabi: babu zakka.`,
    pastYearNoRate: (years) => `${years}: babu farashi a ranar ko kafin ta, don haka ba a san nisabin ba, kuma ba a lissafa zakkar ba.`,
    ownHawl: (school) =>
      `Mazhabar ${school}: kuɗin da suka shigo bana (kyauta, gado, albashi) ba su da zakka har sai hauli (shekarar wata) ya cika a kansu; riba tana bin jarinta.`,
    joinsNisab: (school) => `Mazhabar ${school} (Abu Hanifa): kuɗin da suka shigo bana suna haɗuwa da nisabin da kake da shi, ana fitar da zakkarsu tare.`,
    joinsNoNisab: (school) =>
      `Mazhabar ${school} (Abu Hanifa): kuɗin da suka shigo bana suna haɗuwa da nisabin da ake da shi; sauran kuɗinka ba su kai ba, don haka suna jiran shekararsu.`,
    newMoneyNoSchool:
      "Ba a zaɓi mazhaba ba: kuɗin da suka shigo bana suna jiran shekararsu ta wata, kamar yadda Malikiyya, Shafi'iyya da Hanbaliyya suke gani.",
    grazingRequired: 'Mazhabarka ba ta ƙidaya sai dabbobin da suke kiwo a makiyaya mafi yawan shekara.',
    grazingNotRequired: 'Mazhabarka tana ƙidaya dabbobin da ake ciyarwa a gida da na aiki ma.',
    grazingNoSchool: 'Malikiyya suna ƙidaya dabbobin da ake ciyarwa a gida da na aiki; sauran mazhabobi sai masu kiwo a makiyaya mafi yawan shekara.',
    fitr: 'Ana fitar da ita a madadin kowane mutum, kafin sallar Idi.',
  },
  rule: (id, schools) => `doka ta ${id}: ${schools}`,
  ruleBody: (bodies) => (bodies ? `dokar hukumar zamani, wadda ${bodies} ke amfani da ita` : 'dokar wata hukuma ta zamani'),
  total: (amount) => `Zakkar da za a fitar da kuɗi: ${amount}`,
  inKind: 'Abin da za a fitar da kansa (ba da kuɗi ba), tare da kuɗin:',
  nothingDue: 'Babu zakka a kan abin da ka shigar.',
};
