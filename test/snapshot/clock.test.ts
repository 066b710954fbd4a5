// NISAB_TODAY stands in for the clock (docs/testing.md): the day it names, at
// the nightly's hour in the operator's time zone, for every "today" the CLI reads.
import { describe, expect, it } from 'vitest';
import { checkAsOfNotFuture, clockNow, todayIn } from '../../generator/clock.ts';

describe('the clock', () => {
  it('is NISAB_TODAY at 00:05 in the time zone when it is set', () => {
    const env = { NISAB_TODAY: '2026-10-20' };
    // Lagos is UTC+1 all year: 00:05 there is 23:05 UTC the day before.
    expect(clockNow('Africa/Lagos', env).toISOString()).toBe('2026-10-19T23:05:00.000Z');
    expect(clockNow('UTC', env).toISOString()).toBe('2026-10-20T00:05:00.000Z');
    expect(todayIn('Africa/Lagos', clockNow('Africa/Lagos', env))).toBe('2026-10-20');
    expect(todayIn('Pacific/Kiritimati', clockNow('Pacific/Kiritimati', env))).toBe('2026-10-20');
    expect(() => checkAsOfNotFuture('2026-10-21', 'Africa/Lagos', clockNow('Africa/Lagos', env))).toThrow(/after today \(2026-10-20 in Africa\/Lagos\)/);
  });

  it('refuses a NISAB_TODAY that is not a day, saying how to give it', () => {
    for (const given of ['2026-02-30', '20261020', 'today', '2026-10-20T00:00']) {
      expect(() => clockNow('Africa/Lagos', { NISAB_TODAY: given })).toThrow(
        `NISAB_TODAY=${given} is not a day; give it as YYYY-MM-DD, or unset it to use the clock`,
      );
    }
  });

  it('is the real clock when NISAB_TODAY is unset or empty', () => {
    for (const env of [{}, { NISAB_TODAY: '' }]) {
      const before = Date.now();
      const now = clockNow('Africa/Lagos', env).getTime();
      expect(now).toBeGreaterThanOrEqual(before);
      expect(now).toBeLessThanOrEqual(Date.now());
    }
  });
});
