import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { filterFlag, filterId, filterIdList, filterList } from './list-filter-fields.js';
import { V } from './validation.js';

describe('list filter fields (spec/1 List filters)', () => {
  it('reads blank values as unset', () => {
    for (const blank of ['', null, undefined]) {
      expect([filterId.parse(blank), filterFlag.parse(blank), filterIdList.parse(blank)]).toEqual([
        undefined,
        undefined,
        undefined,
      ]);
    }
    expect(filterIdList.parse([])).toBeUndefined();
  });

  it('reads query-string text as the number or yes/no it spells', () => {
    expect(filterId.parse('12')).toBe(12);
    expect(filterFlag.parse('true')).toBe(true);
    expect(filterFlag.parse('false')).toBe(false);
    expect(filterIdList.parse('7')).toEqual([7]);
    expect(filterIdList.parse(['3', 4, '', null])).toEqual([3, 4]);
  });

  it('refuses what no select sends', () => {
    expect(filterId.safeParse(0).success).toBe(false);
    expect(filterFlag.safeParse('maybe').success).toBe(false);
    const tooMany = filterList(z.string()).safeParse(Array.from({ length: 1001 }, (_, i) => `K${i}`));
    expect(tooMany.error?.issues[0]?.message).toBe(V.tooBig);
  });
});
