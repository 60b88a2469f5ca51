import { describe, expect, it } from 'vitest';
import {
  ContractListFilterSchema,
  ContractListRequestSchema,
  PurchaseCreateRequestSchema,
  PurchaseUpdateRequestSchema,
  SalesCreateRequestSchema,
} from './contracts.js';
import { V } from './validation.js';

const purchase = {
  userId: 1,
  purchaseSupplierId: 3,
  freight: 'FCA',
  dateOfReceiptFrom: '2026-03-01',
  dateOfReceiptTo: '2026-03-31',
  address: { city: 'Poznań' },
  rawMaterialId: 1,
  cargoQuantity: 25_000,
  mainCargoOption: { price: 100_000, rawMaterialQualityId: 1 },
  contactList: [],
};

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];

describe('PurchaseCreateRequestSchema', () => {
  it('fills the defaults of spec/2 section 9', () => {
    expect(PurchaseCreateRequestSchema.parse(purchase)).toMatchObject({
      status: 'NEW',
      agreementStatus: 'EMPTY',
      currency: 'PLN',
      isTolerance: false,
      address: { city: 'Poznań', countryCode: 'PL', street: null },
      additionalCargoOption: [],
      emailNotificationList: [],
      documentNumber: null,
    });
  });

  it('takes 0 as "no supplier chosen" and then needs the inline supplier', () => {
    expect(issuesOf(PurchaseCreateRequestSchema.safeParse({ ...purchase, purchaseSupplierId: 0 }))).toEqual([
      `purchaseSupplierId:${V.required}`,
    ]);
  });

  it('requires the tolerance fields with tolerance on, and the contractual quality when it is on', () => {
    const result = PurchaseCreateRequestSchema.safeParse({
      ...purchase,
      isTolerance: true,
      toleranceUnit: 'T',
      mainCargoOption: { price: 1, rawMaterialQualityId: 1, isContractualQuality: true, contractualQuality: ' ' },
    });
    expect(issuesOf(result)).toEqual([
      `mainCargoOption.contractualQuality:${V.required}`,
      `toleranceType:${V.required}`,
      `toleranceQuantity:${V.required}`,
    ]);
  });

  it('clears the contractual quality when it is off and removes duplicate notification e-mails', () => {
    const parsed = PurchaseCreateRequestSchema.parse({
      ...purchase,
      mainCargoOption: { price: 1, rawMaterialQualityId: 1, contractualQuality: 'x' },
      emailNotificationList: ['A@b.pl', 'a@b.pl'],
    });
    expect(parsed.mainCargoOption.contractualQuality).toBeNull();
    expect(parsed.emailNotificationList).toEqual(['a@b.pl']);
  });

  it('refuses the receipt "to" before "from" with dateToIsBefore', () => {
    const result = PurchaseCreateRequestSchema.safeParse({ ...purchase, dateOfReceiptTo: '2026-02-28' });
    expect(issuesOf(result)).toEqual([`dateOfReceiptTo:${V.dateToIsBefore}`]);
  });
});

describe('update and sales schemas', () => {
  it('update carries the delete lists and leaves the statuses out when not sent', () => {
    const parsed = PurchaseUpdateRequestSchema.parse({ ...purchase, contactListDelete: [4] });
    expect(parsed).toMatchObject({ contactListDelete: [4], additionalCargoOptionDelete: [] });
    expect(parsed.status).toBeUndefined();
  });

  it('a sale names a recipient and has no county code or minimum price', () => {
    const { purchaseSupplierId: _supplier, ...common } = purchase;
    expect(SalesCreateRequestSchema.safeParse({ ...common, salesRecipientId: 2, freight: 'CPT' }).success).toBe(true);
    expect(SalesCreateRequestSchema.safeParse({ ...common, salesRecipientId: 2, minPrice: 1 }).success).toBe(false);
  });
});

describe('ContractListFilterSchema', () => {
  it('reads form and query-string values: text numbers, text booleans, single values and blanks', () => {
    expect(
      ContractListFilterSchema.parse({
        rawMaterialId: '1',
        contractStatus: 'NEW',
        rawMaterialQualityId: ['2', 3],
        isCert: 'false',
        isGmp: '',
        cargoQuantity: { from: '1000', to: '' },
        dateOfReceiptFrom: '',
      }),
    ).toEqual({
      rawMaterialId: 1,
      contractStatus: ['NEW'],
      rawMaterialQualityId: [2, 3],
      isCert: false,
      cargoQuantity: { from: 1000, to: undefined },
    });
  });

  it('takes the filter of a GET as JSON text with snake_case keys', () => {
    const parsed = ContractListRequestSchema.parse({
      filter: JSON.stringify({ contract_status: ['NEW', 'ACTIVE'], raw_material_id: 1 }),
    });
    expect(parsed.filter).toEqual({ contractStatus: ['NEW', 'ACTIVE'], rawMaterialId: 1 });
  });

  it('accepts receipt dates as single dates or ranges and refuses them out of order', () => {
    expect(ContractListFilterSchema.safeParse({ dateOfReceiptFrom: { from: '2026-01-01' } }).success).toBe(true);
    expect(
      issuesOf(ContractListFilterSchema.safeParse({ dateOfReceiptFrom: '2026-02-01', dateOfReceiptTo: '2026-01-01' })),
    ).toEqual([`dateOfReceiptTo:${V.dateToIsBefore}`]);
    expect(ContractListFilterSchema.safeParse({ dateOfReceiptFrom: '01.02.2026' }).success).toBe(false);
  });
});
