import { describe, expect, it } from 'vitest';
import { linePerTruckMatch, linePerTruckQuantities, matchInvoice, rowsCoverInvoice } from './rules.js';

/** Matching rules on integers (grosze, kg); the database tests cover the same cases end to end. */
const row = (id: number, netMinor: number, quantityKg = 25_000) => ({ id, netMinor, quantityKg });
const line = (netMinor: number | null, quantityKg: number | null = 25_000) => ({ netMinor, quantityKg });

describe('matchInvoice', () => {
  it('matches one line to the row of the same quantity and amount', () => {
    expect(matchInvoice([line(2_000_000)], [row(1, 1_999_000), row(2, 2_000_000)])).toEqual({
      status: 'MATCHED',
      rowIds: [2],
    });
  });

  it('matches several trucks: a line per truck, or one line adding up several rows', () => {
    const rows = [row(1, 1_000_000, 20_000), row(2, 1_250_000, 25_000), row(3, 900_000, 18_000)];
    expect(matchInvoice([line(1_000_000, 20_000), line(900_000, 18_000)], rows)).toEqual({
      status: 'MATCHED',
      rowIds: [1, 3],
    });
    expect(matchInvoice([line(2_250_000, 45_000)], rows)).toEqual({ status: 'MATCHED', rowIds: [1, 2] });
  });

  it('allows 1 grosz per line, not 2', () => {
    expect(
      matchInvoice([line(2_000_001), line(1_000_000, 20_000)], [row(1, 2_000_000), row(2, 999_999, 20_000)]),
    ).toMatchObject({ status: 'MATCHED', rowIds: [1, 2] });
    expect(matchInvoice([line(2_000_002)], [row(1, 2_000_000)])).toEqual({ status: 'DIFFERENCE', rowIds: [1] });
  });

  it('an amount or a quantity that differs is a difference with the rows it concerns', () => {
    expect(matchInvoice([line(2_100_000)], [row(1, 2_000_000), row(2, 5_000, 100)])).toEqual({
      status: 'DIFFERENCE',
      rowIds: [1],
    });
    expect(matchInvoice([line(2_000_000, 24_000)], [row(1, 2_000_000)])).toEqual({ status: 'DIFFERENCE', rowIds: [1] });
  });

  it('leaves to a person an invoice no row comes near, or one with no open rows', () => {
    expect(matchInvoice([line(7_000_000, 70_000)], [row(1, 2_000_000)])).toEqual({ status: 'TO_ASSIGN', rowIds: [] });
    expect(matchInvoice([line(2_000_000)], [])).toEqual({ status: 'TO_ASSIGN', rowIds: [] });
  });

  it('matches a freight line without a weight by its amount', () => {
    expect(matchInvoice([line(368_055, null)], [row(7, 368_055, 24_537)])).toEqual({ status: 'MATCHED', rowIds: [7] });
  });
});

describe('rowsCoverInvoice', () => {
  it('compares the assigned rows with the invoice net total, 1 grosz a row', () => {
    expect(rowsCoverInvoice(300, [100, 201])).toBe(true);
    expect(rowsCoverInvoice(300, [100, 203])).toBe(false);
    expect(rowsCoverInvoice(300, [])).toBe(false);
  });
});

describe('linePerTruckMatch (the shortcut over the open rows of the lines’ quantities)', () => {
  /** A small deterministic generator, so a failure names its case. */
  const random = (seed: number) => () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };

  it('answers what the full match answers over all open rows, or leaves it to the full match', () => {
    let shortcuts = 0;
    for (let seed = 1; seed <= 2_000; seed++) {
      const next = random(seed);
      const kgs = [20_000, 24_000, 25_000, 44_000, 49_000];
      const rows = Array.from({ length: 1 + Math.floor(next() * 12) }, (_, index) => {
        const kg = kgs[Math.floor(next() * kgs.length)]!;
        return row(index + 1, kg * 40 + Math.floor(next() * 3) - 1, kg);
      });
      const lines = Array.from({ length: 1 + Math.floor(next() * 3) }, () => {
        const kg = kgs[Math.floor(next() * kgs.length)]!;
        return line(kg * 40 + Math.floor(next() * 5) - 2, kg);
      });
      const quantities = linePerTruckQuantities(lines)!;
      const shortcut = linePerTruckMatch(
        lines,
        rows.filter((one) => quantities.includes(one.quantityKg)),
      );
      if (shortcut) {
        shortcuts += 1;
        expect(shortcut, `seed ${seed}`).toEqual(matchInvoice(lines, rows));
      }
    }
    // Both outcomes occur: the shortcut is taken, and left to the full match.
    expect(shortcuts).toBeGreaterThan(100);
    expect(shortcuts).toBeLessThan(2_000);
  });

  it('is not taken when a line names no weight (a freight line pairs with a row of any quantity)', () => {
    expect(linePerTruckQuantities([line(2_000_000), line(50_000, null)])).toBeNull();
    expect(linePerTruckQuantities([line(2_000_000, 25_000), line(1_000_000, 25_000)])).toEqual([25_000]);
  });
});
