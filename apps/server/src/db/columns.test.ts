import { describe, expect, it } from 'vitest';
import { isoFromTimestampText } from './columns.js';

describe('isoFromTimestampText', () => {
  it('gives what Date gives for every form PostgreSQL writes a timestamptz in', () => {
    const texts = [
      '2026-01-31 12:00:00+00',
      '2026-01-31 12:00:00.5+00',
      '2026-01-31 12:00:00.12+00',
      '2026-01-31 12:00:00.123+00',
      '2026-01-31 12:00:00.1239+00',
      '2026-12-31 23:59:59.999999+00',
      '2024-02-29 00:00:00.000001+00',
      '2026-01-31 13:00:00.25+01',
      '2026-01-31 17:30:00+05:30',
      '2026-06-30 08:00:00.75-03',
    ];
    // A day's worth of microsecond-precision instants, written as PostgreSQL writes them in UTC.
    for (let step = 0; step < 500; step++) {
      const instant = new Date(
        Date.UTC(2025, step % 12, 1 + (step % 28), step % 24, (step * 7) % 60, (step * 13) % 60),
      );
      const micros = String((step * 7919) % 1_000_000).padStart(6, '0');
      texts.push(`${instant.toISOString().slice(0, 10)} ${instant.toISOString().slice(11, 19)}.${micros}+00`);
    }
    for (const text of texts) expect(isoFromTimestampText(text), text).toBe(new Date(text).toISOString());
  });

  it('cuts microseconds to milliseconds, as Date does', () => {
    expect(isoFromTimestampText('2026-01-31 12:00:00.999999+00')).toBe('2026-01-31T12:00:00.999Z');
    expect(isoFromTimestampText('2026-01-31 17:30:00+05:30')).toBe('2026-01-31T12:00:00.000Z');
  });
});
