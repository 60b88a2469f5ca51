import { describe, expect, it } from 'vitest';
import { parseTransportOrderNumber, transportOrderNumber } from './company.js';

describe('parseTransportOrderNumber', () => {
  it('reads back every number transportOrderNumber writes', () => {
    for (const id of [1, 7, 999, 3001, 12_345, 2_147_483_647]) {
      for (const year of [2025, 2026, 2031]) {
        const number = transportOrderNumber(id, `${year}-06-30T12:00:00.000Z`);
        expect(parseTransportOrderNumber(number)).toEqual({ transportId: id, year });
      }
    }
  });

  it('takes any case and spaces around the slashes, and nothing else', () => {
    expect(parseTransportOrderNumber(' zt / 2026 / 3001 ')).toEqual({ transportId: 3001, year: 2026 });
    for (const text of ['ZT/2026', 'ZT/26/3001', 'ZT/2026/0', 'ZT/2026/2147483648', 'ZK/2026/3001', '3001', '']) {
      expect(parseTransportOrderNumber(text)).toBeNull();
    }
  });
});
