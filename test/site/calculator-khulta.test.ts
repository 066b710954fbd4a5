// Issue 42's khulta, herd-value and mixed-watering checks on the page's
// calculator in Chromium, as a payer types them (the folds opened, the form
// filled). Each expected answer is worked out by hand from the texts (the
// arithmetic and the quotations are in test/client/zakat-khulta.test.ts):
// al-Muwatta' (the Maliki join partners' flocks only when each has a Nisab, and
// they settle the due between them by head), al-Wasit (the Shafi'i: 20 with 20
// owes half a sheep), Abu Hanifah (no khulta), al-Hidayah (the Hanafi count what
// is free of debt), Mukhtasar Khalil (each part of a harvest watered both ways by
// its rule), Abu al-Hajj's fatwa (the Hanafi: half the year each way, half a tenth).
import { describe, expect, it } from 'vitest';
import { useDefaultPage } from '../support/default-page.ts';

const site = useDefaultPage();
const bare = (text: string | null) => (text ?? '').replace(/[\u2068\u2069]/g, '').trim();

/** The page in English with the calculator's folds open, `inputs` typed after `selects`: each line's kind and due, and the money total. */
async function answer(selects: Record<string, string>, inputs: Record<string, string>, checks: string[] = []) {
  const page = await site.browser.newPage({ viewport: { width: 390, height: 900 } });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  await page.goto(`${site.preview.url}/`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  await page.$$eval('#zakat-form details', (all) => {
    for (const details of all) (details as HTMLDetailsElement).open = true;
  });
  for (const [name, value] of Object.entries(selects)) await page.selectOption(`select[name="${name}"]`, value);
  for (const [name, value] of Object.entries(inputs)) await page.fill(`input[name="${name}"]`, value);
  for (const name of checks) await page.check(`input[name="${name}"]`);
  await page.waitForSelector('[data-testid=zakat-total]');
  const lines = await page.$$eval('#zakat-result tbody tr', (rows) =>
    rows.map((row) => [row.getAttribute('data-line'), row.querySelector('[data-testid=due]')!.textContent ?? ''] as [string, string]),
  );
  const money = Number(await page.getAttribute('[data-testid=zakat-total]', 'data-money'));
  const inKind = await page.$$eval('#zakat-result li', (items) => items.map((li) => li.textContent ?? ''));
  await page.close();
  return { lines: lines.map(([kind, due]) => [kind, bare(due)] as const), money, inKind: inKind.map(bare), problems };
}

describe("the page's calculator: a flock kept with a partner, a herd's value against a debt, crops watered both ways (issue 42)", () => {
  it("khulta: Maliki 40 + a partner's 40 sheep, half a sheep; Maliki 20 + 20, nothing; Shafi'i 20 + 20, half a sheep; Hanafi 40 + 40, one sheep", async () => {
    const maliki = await answer({ school: 'maliki' }, { 'sheep-goats': '40', 'partner-sheep-goats': '40' });
    expect(maliki.lines.map(([kind]) => kind)).toEqual(['livestock']);
    expect(maliki.lines[0]![1]).toMatch(
      /^half of what the common flock of 80 head owes, 1 sheep.*: it is taken from the flock, and you and your partner settle it between you by your head$/,
    );
    expect(maliki.money).toBe(0);
    expect(maliki.inKind).toHaveLength(1);
    expect(maliki.problems).toEqual([]);

    const small = await answer({ school: 'maliki' }, { 'sheep-goats': '20', 'partner-sheep-goats': '20' });
    expect(small.lines).toEqual([['livestock', 'nothing']]);

    const shafii = await answer({ school: 'shafii' }, { 'sheep-goats': '20', 'partner-sheep-goats': '20' });
    expect(shafii.lines[0]![1]).toMatch(/^half of what the common flock of 40 head owes, 1 sheep/);

    const hanafi = await answer({ school: 'hanafi' }, { 'sheep-goats': '40', 'partner-sheep-goats': '40' });
    expect(hanafi.lines[0]![1]).toMatch(/^1 sheep/);
    expect(hanafi.lines[0]![1]).not.toContain('flock');
  }, 120_000); // four page loads

  it('a Hanafi with 45 sheep worth ₦100,000 each and ₦5,000,000 of debts, nothing else: nothing', async () => {
    // 45 × 100,000 = 4,500,000, all of it taken by the debt: no sheep is free of debt.
    const a = await answer({ school: 'hanafi' }, { 'sheep-goats': '45', 'value-sheep-goats': '4500000', debts: '5000000' });
    expect(a.lines.map(([kind]) => kind)).toEqual(['debts', 'livestock']);
    expect(a.lines[1]![1]).toBe('nothing');
    expect(a.money).toBe(0);
    expect(a.inKind).toEqual([]);
    expect(a.problems).toEqual([]);
  }, 60_000);

  it('millet, 653 kg, half rain-fed and half pumped: Maliki 48.975 kg; Hanafi 32.65 kg, half a tenth', async () => {
    // Maliki: 326.5 × 10 % + 326.5 × 5 % = 48.975 kg. Hanafi: the two equal, half a tenth of 653 = 32.65 kg.
    const inputs = { cropsKg: '653', wateringShare: '0.5' };
    const maliki = await answer({ school: 'maliki', watering: 'mixed' }, inputs);
    // 48.975 kg of 653 (= 300 kwano, Kano's Sharia Commission) is 22.5 kwano, 4 mudd each: 90 mudd.
    expect(maliki.lines).toEqual([['crops', '48.975 kg of the harvest (22.5 kwano, 90 mudd; 7.5%)']]);
    const hanafi = await answer({ school: 'hanafi', watering: 'mixed' }, inputs);
    // 32.65 kg is 15 kwano, 60 mudd.
    expect(hanafi.lines).toEqual([['crops', '32.65 kg of the harvest (15 kwano, 60 mudd; 5%)']]);
    expect(hanafi.problems).toEqual([]);
  }, 60_000);
});

// The past years of money owed to the payer (issue 42), each year charged only where it reached the Nisab and
// each year's zakat taken off the next, the current year's included (al-Mughni; al-Sharh al-Kabir: «نقص من زكاته
// كل حول بقدر نقصه بها»). On the page's day (2025-09-21) the gold Nisab is 85 g at ₦176,281.53 a gram, about
// ₦14,983,930, and the silver 595 g at ₦2,061.30, about ₦1,226,474 (data/daily/2025-09.csv).
describe("the page's calculator: the past years of a debt owed to the payer (issue 42)", () => {
  const loan = (amount: string, years: string) => ({ receivable: amount, receivableYears: years });

  it("Shafi'i, a ₦10,000,000 loan out of reach for 3 years, collected: nothing on gold, ₦731,406.25 on silver", async () => {
    // Mughni al-Muhtaj: a debt on one who cannot pay owes nothing until collected, then every year it was out.
    // Gold: ₦10,000,000 is below the gold Nisab in each of the three years: nothing is due.
    const gold = await answer({ school: 'shafii', standard: 'gold', receivableKind: 'loan' }, loan('10000000', '3'), [
      'receivableCollected',
      'receivableOutOfReach',
    ]);
    expect(gold.money).toBe(0);
    expect(gold.problems).toEqual([]);
    // Silver: above the Nisab every year: 250,000, then a fortieth of 9,750,000 = 243,750, then of 9,506,250 = 237,656.25.
    const silver = await answer({ school: 'shafii', standard: 'silver', receivableKind: 'loan' }, loan('10000000', '3'), [
      'receivableCollected',
      'receivableOutOfReach',
    ]);
    expect(silver.money).toBe(731_406.25);
    expect(silver.problems).toEqual([]);
  }, 120_000);

  it('Hanafi, a ₦1,000,000 loan collected after 3 years: nothing on the gold or the silver standard', async () => {
    // Below both Nisabs in every year (the Hanafi measure by the lower, silver's, whatever the payer chose): nothing.
    for (const standard of ['gold', 'silver']) {
      const a = await answer({ school: 'hanafi', standard, receivableKind: 'loan' }, loan('1000000', '3'), ['receivableCollected']);
      expect(a.money, standard).toBe(0);
      expect(a.problems).toEqual([]);
    }
  }, 120_000);
});
