/**
 * The spreadsheet's date cells: a moment's offset from UTC in the reader's zone, for any year a record
 * may hold (a date of birth typed as 0050 included).
 */
import { dateFormatters } from '../src/http/exportColumns';

/** The moment of a UTC date and time, any year (Date.UTC would read 0-99 as 1900-1999). */
const utc = (year: number, month: number, day: number, hour = 0) => {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, 0, 0, 0);
  return d.getTime();
};

describe('the export date cells', () => {
  it("gives a moment's offset in the reader's zone, years 0-99 too (no century's shift)", () => {
    const inUtc = dateFormatters({ locale: 'en', timeZone: 'UTC', labels: {} });
    const karachi = dateFormatters({ locale: 'en', timeZone: 'Asia/Karachi', labels: {} });
    for (const year of [50, 99, 1, 255, 1999, 2026]) expect([year, inUtc.offsetMs(utc(year, 6, 15, 12))]).toEqual([year, 0]);
    expect(karachi.offsetMs(utc(2026, 6, 15, 12))).toBe(5 * 3600_000);
    // before the zone's standard time, its local mean time: a few hours east, not centuries
    for (const year of [50, 99]) {
      const offset = karachi.offsetMs(utc(year, 6, 15, 12));
      expect(offset).toBeGreaterThan(4 * 3600_000);
      expect(offset).toBeLessThan(6 * 3600_000);
    }
  });
});
