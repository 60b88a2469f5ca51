import { describe, expect, it } from 'vitest';
import { activeChips, reversedRanges, toTransportFilter, withoutChip } from './transport-filter';

describe('toTransportFilter', () => {
  it('sends the tab, lists, ids, text, ranges in kilograms and yes/no flags; empty values are left out', () => {
    const filter = toTransportFilter(
      {
        carrierCode: ['PRZ1'],
        rawMaterialQualityId: ['2', 'x'],
        transportId: '12',
        driverName: ' Jan ',
        phoneNumber: '',
        realCargoQuantityFrom: '24,5',
        dateLoadingFrom: '2026-04-01',
        salesIsGmp: 'true',
        purchaseIsGmp: '',
        status: ['NEW'],
      },
      'all',
    );
    expect(filter).toEqual({
      tab: 'all',
      carrierCode: ['PRZ1'],
      rawMaterialQualityId: [2],
      transportId: 12,
      driverName: 'Jan',
      realCargoQuantity: { from: 24_500, to: null },
      dateLoading: { from: '2026-04-01', to: null },
      salesIsGmp: true,
      status: ['NEW'],
    });
  });

  it('drops the status outside the all tab and reversed ranges', () => {
    const values = { status: ['NEW'], dateUnloadingFrom: '2026-05-02', dateUnloadingTo: '2026-05-01' };
    expect(toTransportFilter(values, 'active')).toEqual({ tab: 'active' });
    expect(reversedRanges(values)).toEqual(['dateUnloading']);
  });
});

describe('filter chips', () => {
  it('gives one chip per chosen value and removes one at a time', () => {
    const values = { carrierCode: ['A', 'B'], driverName: 'Jan', status: ['NEW'] };
    expect(activeChips(values, 'all')).toEqual([
      { key: 'carrierCode', value: 'A' },
      { key: 'carrierCode', value: 'B' },
      { key: 'status', value: 'NEW' },
      { key: 'driverName', value: 'Jan' },
    ]);
    expect(activeChips(values, 'delivered')).toHaveLength(3);
    expect(withoutChip(values, { key: 'carrierCode', value: 'A' })).toEqual({
      carrierCode: ['B'],
      driverName: 'Jan',
      status: ['NEW'],
    });
    expect(withoutChip(values, { key: 'driverName', value: 'Jan' })).toEqual({
      carrierCode: ['A', 'B'],
      status: ['NEW'],
    });
  });
});
