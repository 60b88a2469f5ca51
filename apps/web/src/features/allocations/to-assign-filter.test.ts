import { describe, expect, it } from 'vitest';
import { parseListState, toSearchParams } from '../../components/list/list-state';
import { activeFilters, toAssignFilterError, toToAssignFilter, withoutFilter } from './to-assign-filter';

const fromUrl = (query: string) => parseListState(new URLSearchParams(query)).filter;

describe('allocations page filter: URL -> request', () => {
  it('reads ids, flags, freights, date ranges and statuses from the query string', () => {
    const filter = fromUrl(
      [
        'filter_rawMaterialId=1',
        'filter_purchaseSupplierId[]=3',
        'filter_purchaseSupplierId[]=4',
        'filter_salesRecipientId[]=9',
        'filter_hasToDeliver=true',
        'filter_rawMaterialQualityId[]=2',
        'filter_purchaseIsGmp=false',
        'filter_salesIsGmp=true',
        'filter_salesIsCert=true',
        'filter_purchaseFreight[]=FCA',
        'filter_salesFreight[]=CPT',
        'filter_dateOfLoadingFrom=2026-03-01',
        'filter_dateOfUnloadingTo=2026-06-30',
        'filter_purchaseContractStatus[]=ACTIVE',
        'filter_salesContractStatus[]=NEW',
        'filter_salesContractStatus[]=ACTIVE',
      ].join('&'),
    );
    expect(toToAssignFilter(filter)).toEqual({
      rawMaterialId: 1,
      purchaseSupplierId: [3, 4],
      salesRecipientId: [9],
      hasToDeliver: true,
      rawMaterialQualityId: [2],
      purchaseIsGmp: false,
      salesIsGmp: true,
      salesIsCert: true,
      purchaseFreight: ['FCA'],
      salesFreight: ['CPT'],
      dateOfLoading: { from: '2026-03-01', to: null },
      dateOfUnloading: { from: null, to: '2026-06-30' },
      purchaseContractStatus: ['ACTIVE'],
      salesContractStatus: ['NEW', 'ACTIVE'],
    });
  });

  it('drops what is unset, empty or not a valid value', () => {
    const filter = fromUrl(
      'filter_rawMaterialId=abc&filter_purchaseSupplierId[]=&filter_hasToDeliver=false&filter_salesIsGmp=maybe&filter_purchaseFreight[]=XYZ&filter_salesContractStatus[]=LOST',
    );
    expect(toToAssignFilter(filter)).toEqual({});
  });

  it('round-trips through the URL as the page writes it', () => {
    const values = { purchaseSupplierId: ['5'], hasToDeliver: 'true', dateOfLoadingTo: '2026-05-01' };
    const params = toSearchParams({ limit: 25, offset: 0, search: 'ZK', orderBy: 'to_deliver:desc', filter: values });
    expect(params.getAll('filter_purchaseSupplierId[]')).toEqual(['5']);
    expect(toToAssignFilter(parseListState(params).filter)).toEqual({
      purchaseSupplierId: [5],
      hasToDeliver: true,
      dateOfLoading: { from: null, to: '2026-05-01' },
    });
  });

  it('refuses a date range whose "from" is after its "to"', () => {
    expect(toAssignFilterError({ dateOfLoadingFrom: '2026-05-02', dateOfLoadingTo: '2026-05-01' })).toBe(
      'dateToIsBefore',
    );
    expect(toAssignFilterError({ dateOfUnloadingFrom: '2026-05-01', dateOfUnloadingTo: '2026-05-01' })).toBeNull();
  });
});

describe('active filter chips', () => {
  const values = {
    rawMaterialId: '1',
    purchaseSupplierId: ['3', '4'],
    hasToDeliver: 'true',
    salesIsGmp: 'false',
    dateOfLoadingFrom: '2026-03-01',
    salesContractStatus: [],
  };

  it('makes one chip per value, in the order of the fields', () => {
    expect(activeFilters(values)).toEqual([
      { key: 'rawMaterialId', value: '1' },
      { key: 'purchaseSupplierId', value: '3' },
      { key: 'purchaseSupplierId', value: '4' },
      { key: 'hasToDeliver', value: 'true' },
      { key: 'salesIsGmp', value: 'false' },
      { key: 'dateOfLoadingFrom', value: '2026-03-01' },
    ]);
  });

  it('removes one value of a multi-select, or the whole key', () => {
    const withoutThree = withoutFilter(values, { key: 'purchaseSupplierId', value: '3' });
    expect(withoutThree.purchaseSupplierId).toEqual(['4']);
    const withoutSuppliers = withoutFilter(withoutThree, { key: 'purchaseSupplierId', value: '4' });
    expect(withoutSuppliers).not.toHaveProperty('purchaseSupplierId');
    expect(withoutFilter(values, { key: 'hasToDeliver', value: 'true' })).not.toHaveProperty('hasToDeliver');
  });
});
