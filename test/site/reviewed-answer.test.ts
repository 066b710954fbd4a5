// Issue 42 in Chromium, on the page of every language of LANGUAGES over the real default data as of 2026-09-29
// (through the site preview): what a payer reads, in the order he reads it.
// - A Maliki herder with 45 cattle and nothing else owes one musinnah. al-Muwatta' (Kitab al-Zakat, "Ma ja'a fi
//   sadaqat al-baqar"): Mu'adh took from thirty cattle a tabi' and from forty a musinnah; al-Risala (Bab fi zakat
//   al-baqar) gives the musinnah as a female only, four years old (data/nisab.json rule 23 says the same in English).
//   The big line names what is due in kind, never "₦0.00", and the animal comes with its age and sex.
// - Zakat al-fitr for 7 people: its row is labelled with the people it is given for, not "what you own".
// - Arabic: the by-parts line of 60 g of gold and ₦500,000 shows 60 ÷ 85 in reading order (right to left), not 85 ÷ 60.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_INFO, LANGUAGES } from '../../generator/site/i18n/catalogue.ts';
import { openReadyPage } from '../support/calculator-page.ts';
import { useDefaultPage } from '../support/default-page.ts';

const site = useDefaultPage('2026-09-29');

const calculator = (path: string, width = 390) => openReadyPage(site, path, width);

async function fill(page: Page, values: Record<string, string>) {
  await page.$$eval('#zakat-form details', (all) => {
    for (const details of all) (details as HTMLDetailsElement).open = true;
  });
  await page.selectOption('select[name=school]', 'maliki');
  await page.selectOption('select[name=standard]', 'gold');
  for (const input of await page.$$('#zakat-form input[type=number]')) await input.fill('');
  for (const [name, value] of Object.entries(values)) await page.fill(`#zakat-form input[name="${name}"]`, value);
}

const bare = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069\u200F]/g, '');

// Typed by hand from the review's proposals (../shared/reviews/translations-2026-12.md, findings 1, 5, 6).
const EXPECTED = {
  en: {
    total: 'Zakat due in kind (no money is due):',
    cattle: 'Cattle: 1 musinnah (a cow, female only, four years old)',
    fitrLabel: 'People you give it for',
    fitrHeld: '7 people',
  },
  ha: {
    total: 'Zakkar da za ka fitar da kaya (ba da kuɗi ba):',
    cattle: 'Shanu: musinna ɗaya (saniya mace, ba sa ba, mai shekara huɗu)',
    fitrLabel: 'Mutanen da za ka fitar musu',
    fitrHeld: 'mutum 7',
  },
  ar: {
    total: 'الواجب عينًا (لا نقدًا):',
    cattle: 'البقر: مسنة (أنثى لا ذكر، لها أربع سنين)',
    fitrLabel: 'عدد من تُخرجها عنهم',
    fitrHeld: '7 أشخاص',
  },
  // Written by hand from result-yo.ts's rules: the count after the noun, one as "kan".
  yo: {
    total: 'Sàká tí o máa san ní ohun náà gan-an (kò sí owó láti san):',
    cattle: 'Màlúù: musinnah kan (abo màlúù nìkan, ọlọ́dún mẹ́rin)',
    fitrLabel: 'Àwọn ènìyàn tí o ń san án fún',
    fitrHeld: 'ènìyàn 7',
  },
} as const;

describe('a herder’s answer names the animals with their age and sex before any money total, in every language', () => {
  for (const lang of LANGUAGES) {
    it(`${LANGUAGE_INFO[lang].path}: 45 cattle (Maliki) owe one musinnah, named first; zakat al-fitr is given for people`, async () => {
      const expected = EXPECTED[lang];
      const { page, problems } = await calculator(LANGUAGE_INFO[lang].path);
      await fill(page, { cattle: '45' });
      await page.waitForSelector('#zakat-result [data-testid=zakat-total]');
      expect(bare(await page.textContent('[data-testid=zakat-total]'))).toBe(expected.total);
      expect(await page.getAttribute('[data-testid=zakat-total]', 'data-money')).toBe('0');
      expect(await page.$$eval('#zakat-result [data-testid=in-kind-list] li', (items) => items.map((li) => li.textContent))).toHaveLength(1);
      expect(bare(await page.textContent('#zakat-result [data-testid=in-kind-list] li'))).toBe(expected.cattle);
      // The big line comes before the list, and nothing on the answer says an amount of money.
      expect(
        await page.$eval('#zakat-result', (out) => {
          const total = out.querySelector('[data-testid=zakat-total]')!;
          const list = out.querySelector('[data-testid=in-kind-list]')!;
          return Boolean(total.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING);
        }),
      ).toBe(true);
      expect(await page.$('#zakat-result [data-testid=in-kind]')).toBeNull();
      expect(bare(await page.textContent('#zakat-result'))).not.toMatch(/0\.00|₦|نيرة/);

      await fill(page, { persons: '7' });
      await page.waitForSelector('#zakat-result tr[data-line=fitr]');
      const held = await page.$eval('#zakat-result tr[data-line=fitr] td', (cell) => ({ label: cell.getAttribute('data-label'), text: cell.textContent }));
      expect({ label: held.label, text: bare(held.text) }).toEqual({ label: expected.fitrLabel, text: expected.fitrHeld });
      expect(bare(await page.textContent('[data-testid=zakat-total]'))).toBe(expected.total);
      expect(problems).toEqual([]);
      await page.close();
    }, 120_000);
  }
});

describe('the Arabic by-parts formula in reading order (review finding 3)', () => {
  it('/ar/: 60 g of gold and ₦500,000 show 60 ÷ 85 and 500,000.00 ÷ the Nisab right to left', async () => {
    // Wide enough for each share to stay on one line: a share split over two lines is read line by line whatever its direction.
    const { page, problems } = await calculator('/ar/', 1600);
    await fill(page, { goldGrams: '60', cash: '500000' });
    await page.waitForSelector('#zakat-result tr[data-line=gold] [data-testid=why]');
    // Where each figure is drawn.
    const boxes = await page.$eval('#zakat-result tr[data-line=gold] [data-testid=why]', (why) => {
      const walker = document.createTreeWalker(why, NodeFilter.SHOW_TEXT);
      const found: Record<string, { left: number; top: number }> = {};
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const figure of ['60 غرامًا', '85 غرامًا', '500,000.00', '15,013,146.75']) {
          const at = text.indexOf(figure);
          if (at < 0 || found[figure]) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + 2);
          const box = range.getBoundingClientRect();
          found[figure] = { left: box.left, top: box.top };
        }
      }
      return found;
    });
    // On one line, the first read of a right-to-left line is the rightmost.
    const readFirst = (a: { left: number; top: number }, b: { left: number; top: number }) => Math.abs(a.top - b.top) < 4 && a.left > b.left;
    expect(Object.keys(boxes).sort()).toEqual(['15,013,146.75', '500,000.00', '60 غرامًا', '85 غرامًا']);
    expect(readFirst(boxes['60 غرامًا']!, boxes['85 غرامًا']!), JSON.stringify(boxes)).toBe(true);
    expect(readFirst(boxes['500,000.00']!, boxes['15,013,146.75']!), JSON.stringify(boxes)).toBe(true);
    // 60 / 85 + 500,000 / 15,013,146.75 = 0.70588 + 0.03330 = 0.739, below 1 (the gold Nisab of 29 September 2026).
    expect(bare(await page.textContent('#zakat-result tr[data-line=gold] [data-testid=why]'))).toContain('= 0.739');
    // The cheap check beside the drawing: the share's isolate starts right to left.
    expect(await page.textContent('#zakat-result tr[data-line=gold] [data-testid=why]')).toContain(
      '\u2068\u200F\u206860 غرامًا\u2069 ÷ \u206885 غرامًا\u2069\u2069',
    );
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);
});

describe('who declared a Nigerian month, in the page’s words (review finding 9)', () => {
  // data/sources.csv nigeria-moon-1443-01: "Daily Trust, 2021-08-08: the Sultan of Sokoto declares 1 Muharram 1443 AH".
  const EXPECTED_DECLARED = {
    en: 'declared month, reported by Daily Trust, 8 August 2021: the Sultan of Sokoto declares 1 Muharram 1443 AH',
    ha: 'watan da aka ayyana, wanda ya ruwaito: Daily Trust, 8 ga Agusta, 2021: Sarkin Musulmi ya ayyana 1 ga Muharram, 1443 BH',
    ar: 'شهر مُعلن، نقله: Daily Trust، 8 أغسطس 2021م: أعلن سلطان صكتو 1 محرم 1443هـ',
    yo: 'oṣù tí a kéde, tí ó ròyìn rẹ̀: Daily Trust, 8 oṣù Kẹjọ, 2021: Sultan ti Sókótó kéde 1 Muharram, 1443 AH',
  } as const;
  it('1 Muharram 1443 on /, /ha/ and /ar/: the report’s publisher, its day in the page’s calendar format, and the month declared', async () => {
    for (const lang of LANGUAGES) {
      const { page, problems } = await calculator(LANGUAGE_INFO[lang].path, 1280);
      await page.evaluate(() => delete document.getElementById('hawl-result')!.dataset.answered);
      await page.fill('#hawl-hijri input[name=day]', '1');
      await page.selectOption('#hawl-hijri select[name=month]', '1');
      await page.fill('#hawl-hijri input[name=year]', '1443');
      await page.click('#hawl-hijri button');
      await page.waitForSelector('#hawl-result[data-answered="true"]', { timeout: 30_000 });
      const declared = '#hawl-result tr[data-calendar=nigeria] [data-testid=hawl-declared]';
      expect(bare(await page.textContent(declared)), lang).toBe(EXPECTED_DECLARED[lang]);
      // The English title stays the link's title, for a reader who wants the report's own words.
      expect(await page.getAttribute(`${declared} a`, 'title')).toBe('Daily Trust, 2021-08-08: the Sultan of Sokoto declares 1 Muharram 1443 AH');
      expect(problems).toEqual([]);
      await page.close();
    }
  }, 180_000);
});
