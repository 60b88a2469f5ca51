import { ContractListFilterSchema, positionListLink } from '@grain/shared';
import { describe, expect, it } from 'vitest';
import { parseListState, toSearchParams } from '../../components/list/list-state';
import {
  defaultListFilter,
  filterError,
  rawMaterialOf,
  toContractListFilter,
  withoutPanelFilters,
  withRawMaterial,
} from './list-filter';

const fromUrl = (url: string) => parseListState(new URL(url, 'http://x').searchParams, { filter: defaultListFilter() });

describe('URL -> list filter', () => {
  it('opens a positions link with exactly its filter', () => {
    const state = fromUrl(positionListLink('purchase', 2, 14));
    expect(state).toMatchObject({ limit: 10, offset: 0 });
    expect(state.filter).toEqual({
      contractStatus: ['NEW', 'ACTIVE'],
      rawMaterialId: '2',
      rawMaterialQualityId: ['14'],
    });
    expect(toContractListFilter(state.filter)).toEqual({
      contractStatus: ['NEW', 'ACTIVE'],
      rawMaterialId: 2,
      rawMaterialQualityId: [14],
    });
    expect(rawMaterialOf(state.filter)).toBe(2);
  });

  it('sends NEW + ACTIVE on raw material 1 when the URL has no filter', () => {
    expect(toContractListFilter(fromUrl('/contract/sale-list').filter)).toEqual({
      contractStatus: ['NEW', 'ACTIVE'],
      rawMaterialId: 1,
    });
  });

  it('takes the tab from navigation state when the URL names none', () => {
    expect(defaultListFilter(3)).toEqual({ contractStatus: ['NEW', 'ACTIVE'], rawMaterialId: '3' });
  });

  it('converts ranges typed in tonnes and złote to kilograms and minor units', () => {
    const filter = toContractListFilter({
      cargoQuantityFrom: '10,5',
      cargoQuantityTo: '20',
      priceTo: '850.55',
      isCert: 'true',
      isGmp: 'false',
      freight: 'CPT',
      dateOfReceiptFrom: '2026-05-01',
      agreementStatus: ['SIGNED', 'TO_SIGN'],
      ownerId: '4',
    });
    expect(filter).toEqual({
      cargoQuantity: { from: 10_500, to: 20_000 },
      price: { from: null, to: 85_055 },
      isCert: true,
      isGmp: false,
      freight: ['CPT'],
      dateOfReceiptFrom: '2026-05-01',
      agreementStatus: ['SIGNED', 'TO_SIGN'],
      ownerId: 4,
    });
    expect(ContractListFilterSchema.safeParse(filter).success).toBe(true);
  });

  it('leaves out empty strings, empty lists ("all" statuses) and unreadable values', () => {
    expect(
      toContractListFilter({
        contractStatus: [],
        isFor: '',
        cargoQuantityFrom: 'abc',
        ownerId: '0',
        rawMaterialQualityId: ['', 'x'],
      }),
    ).toEqual({});
  });
});

describe('list filter -> URL', () => {
  it('keeps the emptied status list ("all") across a reload', () => {
    const params = toSearchParams({
      limit: 10,
      offset: 0,
      search: '',
      orderBy: '',
      filter: { contractStatus: [], rawMaterialId: '1' },
    });
    expect(fromUrl(`/?${params}`).filter).toEqual({ contractStatus: [], rawMaterialId: '1' });
  });

  it('another tab drops the qualities of the previous raw material', () => {
    expect(withRawMaterial({ rawMaterialId: '1', rawMaterialQualityId: ['3'], contractStatus: ['NEW'] }, 2)).toEqual({
      rawMaterialId: '2',
      contractStatus: ['NEW'],
    });
  });

  it('reset keeps the status chips and the tab', () => {
    expect(withoutPanelFilters({ contractStatus: ['NEW'], rawMaterialId: '2', isGmp: 'true', priceFrom: '1' })).toEqual(
      {
        contractStatus: ['NEW'],
        rawMaterialId: '2',
      },
    );
  });
});

describe('filterError', () => {
  it('refuses a range whose first value passes the second and a receipt "to" before "from"', () => {
    expect(filterError({ cargoQuantityFrom: '20', cargoQuantityTo: '10' })).toBe('rangeOrder');
    expect(filterError({ priceFrom: '5', priceTo: '5' })).toBeNull();
    expect(filterError({ dateOfReceiptFrom: '2026-05-02', dateOfReceiptTo: '2026-05-01' })).toBe('dateToIsBefore');
    expect(filterError({ cargoQuantityFrom: '20' })).toBeNull();
  });
});
