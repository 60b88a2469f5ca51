import { describe, expect, it } from 'vitest';
import { parseListState } from '../../components/list/list-state';
import { purchaseFilterError, toPurchaseFilter } from './purchase-filter';

describe('purchase table filter: URL -> request', () => {
  it('sends tonnes as kilograms and prices as minor units', () => {
    const { filter } = parseListState(
      new URLSearchParams(
        'filter_rawMaterialQualityId[]=2&filter_isGmp=true&filter_isCert=false&filter_freight[]=FCA&filter_cargoQuantityFrom=10.5&filter_cargoQuantityTo=100&filter_priceFrom=800&filter_priceTo=950.25&filter_dateOfReceiptFrom=2026-03-01',
      ),
    );
    expect(toPurchaseFilter(filter)).toEqual({
      rawMaterialQualityId: [2],
      isGmp: true,
      isCert: false,
      freight: ['FCA'],
      cargoQuantity: { from: 10_500, to: 100_000 },
      price: { from: 80_000, to: 95_025 },
      dateOfReceiptFrom: '2026-03-01',
    });
  });

  it('leaves out unset and invalid values', () => {
    expect(toPurchaseFilter({ isFor: '', cargoQuantityFrom: 'x', priceTo: '-5', freight: [] })).toEqual({});
    expect(toPurchaseFilter({ priceTo: '0' })).toEqual({ price: { from: null, to: 0 } });
  });

  it('refuses reversed ranges and dates', () => {
    expect(purchaseFilterError({ cargoQuantityFrom: '20', cargoQuantityTo: '10' })).toBe('rangeOrder');
    expect(purchaseFilterError({ priceFrom: '5', priceTo: '5' })).toBeNull();
    expect(purchaseFilterError({ dateOfReceiptFrom: '2026-04-01', dateOfReceiptTo: '2026-03-01' })).toBe(
      'dateToIsBefore',
    );
  });
});
