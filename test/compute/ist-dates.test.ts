import { describe, expect, it } from 'vitest';
import { parseIst as fromIstDateTime, istDate, istDateTime } from '../../src/compute/dates.js';

describe('India Standard Time', () => {
  it('reads an instant on an Indian clock (UTC+05:30)', () => {
    const instant = new Date('2026-11-21T18:45:00Z');
    expect(istDate(instant)).toBe('22/11/2026');
    expect(istDateTime(instant)).toBe('22/11/2026 00:15:00');
  });

  it('turns an Indian reading back into the same instant', () => {
    expect(fromIstDateTime('22/11/2026 00:15:00')?.toISOString()).toBe('2026-11-21T18:45:00.000Z');
    expect(fromIstDateTime('01/04/2026')?.toISOString()).toBe('2026-03-31T18:30:00.000Z');
  });

  it('refuses impossible dates and other shapes', () => {
    expect(fromIstDateTime('31/02/2026')).toBeUndefined();
    expect(fromIstDateTime('2026-02-01')).toBeUndefined();
    expect(fromIstDateTime('01/01/2026 24:00:00')).toBeUndefined();
    expect(fromIstDateTime('01/01/2026 10:60:00')).toBeUndefined();
  });
});
