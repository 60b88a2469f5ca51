import { PurchaseCreateRequestSchema, SalesCreateRequestSchema, SalesUpdateRequestSchema } from '@grain/shared';
import { describe, expect, it } from 'vitest';
import { zodErrors } from '../../components/form/use-zod-form';
import { emptyContractorForm } from '../contractors';
import { partyAddressesOf, withCounterpartyAddresses, withFreight } from './address-values';
import { contractor, purchaseDashboard, salesDashboard } from './fixtures';
import type { ContractFormValues } from './form-value-types';
import {
  contractFormSchema,
  emptyContractContact,
  emptyContractForm,
  toContractRequest,
  toFormValues,
  toleranceFromResponse,
  toleranceToRequest,
  toUpdateRequest,
} from './form-values';
import { PURCHASE_SIDE, SALES_SIDE } from './side';

const defaults = { userId: 2, today: '2026-04-10', rawMaterialId: 1, emailNotificationList: ['a@example.com'] };

/** A purchase form filled in as a person would: tonnes, złote, percent. */
function filledPurchase(): ContractFormValues {
  return {
    ...emptyContractForm(PURCHASE_SIDE, defaults),
    counterpartyId: 5,
    dateOfReceiptTo: '2026-04-30',
    address: { street: 'Polna', buildingNumber: '', postCode: '99-300', city: 'Kutno', countryCode: 'PL' },
    cargoQuantity: 125.5,
    minPrice: 800.5,
    mainCargoOption: {
      ...emptyContractForm(PURCHASE_SIDE, defaults).mainCargoOption,
      price: 850.55,
      rawMaterialQualityId: 3,
    },
    isTolerance: true,
    toleranceUnit: 'PERCENT',
    toleranceQuantity: 2.5,
  };
}

describe('emptyContractForm', () => {
  it('uses the defaults of spec/2 section 9 for each side', () => {
    const purchase = emptyContractForm(PURCHASE_SIDE, defaults);
    expect(purchase).toMatchObject({
      cargoQuantity: 0,
      dateOfReceiptFrom: '2026-04-10',
      freight: 'FCA',
      toleranceType: 'BUYER',
      toleranceUnit: 'T',
      currency: 'PLN',
      agreementStatus: 'EMPTY',
      status: 'NEW',
      userId: 2,
      emailNotificationList: ['a@example.com'],
    });
    expect(purchase.address.countryCode).toBe('PL');
    expect(emptyContractForm(SALES_SIDE, defaults).freight).toBe('CPT');
  });
});

describe('toContractRequest', () => {
  it('converts tonnes to kilograms, złote to minor units and percent to hundredths of a percent', () => {
    const request = toContractRequest(PURCHASE_SIDE, filledPurchase());
    expect(request.cargoQuantity).toBe(125_500);
    expect(request.minPrice).toBe(80_050);
    expect(request.mainCargoOption).toEqual({ price: 85_055, rawMaterialQualityId: 3, isContractualQuality: false });
    expect(request.toleranceQuantity).toBe(250);
    expect(request.toleranceUnit).toBe('PERCENT');
    expect(request.purchaseSupplierId).toBe(5);
    expect(request.purchaseSupplier).toBeNull();
    expect(PurchaseCreateRequestSchema.safeParse(request).success).toBe(true);
  });

  it('omits empty address parts, tolerance when off and the county code without a certificate', () => {
    const request = toContractRequest(PURCHASE_SIDE, { ...filledPurchase(), isTolerance: false, countyCode: '1002' });
    expect(request.address).toEqual({ street: 'Polna', postCode: '99-300', city: 'Kutno', countryCode: 'PL' });
    expect(request).not.toHaveProperty('toleranceType');
    expect(request).not.toHaveProperty('toleranceQuantity');
    expect(request).not.toHaveProperty('countyCode');
    const withCert = toContractRequest(PURCHASE_SIDE, { ...filledPurchase(), isCert: true, countyCode: '1002' });
    expect(withCert.countyCode).toBe('1002');
  });

  it('sends the contractual quality only when it is on', () => {
    const values = filledPurchase();
    values.mainCargoOption = { ...values.mainCargoOption, contractualQuality: 'stare' };
    expect(toContractRequest(PURCHASE_SIDE, values).mainCargoOption).not.toHaveProperty('contractualQuality');
    values.mainCargoOption = {
      ...values.mainCargoOption,
      isContractualQuality: true,
      contractualQuality: 'białko 12%',
    };
    expect(toContractRequest(PURCHASE_SIDE, values).mainCargoOption).toMatchObject({
      contractualQuality: 'białko 12%',
    });
  });

  it('has no purchase-only fields on the sales side and names the recipient', () => {
    const request = toContractRequest(SALES_SIDE, {
      ...filledPurchase(),
      freight: 'CPT',
      isCert: true,
      countyCode: 'x',
    });
    expect(request).not.toHaveProperty('minPrice');
    expect(request).not.toHaveProperty('countyCode');
    expect(request.salesRecipientId).toBe(5);
    expect(SalesCreateRequestSchema.safeParse(request).success).toBe(true);
  });

  it('embeds a counterparty entered inline instead of an id', () => {
    const newCounterparty = { ...emptyContractorForm(), code: 'NOWY', name: 'Nowy', nip: '1234563218' };
    const request = toContractRequest(PURCHASE_SIDE, { ...filledPurchase(), newCounterparty });
    expect(request.purchaseSupplierId).toBeNull();
    expect(request.purchaseSupplier).toMatchObject({ code: 'NOWY', nip: '1234563218', contactList: [] });
    expect(PurchaseCreateRequestSchema.safeParse(request).success).toBe(true);
  });
});

describe('tolerance conversion', () => {
  it('is kilograms for T and hundredths of a percent for PERCENT, both ways', () => {
    expect(toleranceToRequest(1.5, 'T')).toBe(1500);
    expect(toleranceToRequest(2.25, 'PERCENT')).toBe(225);
    expect(toleranceFromResponse(1500, 'T')).toBe(1.5);
    expect(toleranceFromResponse(225, 'PERCENT')).toBe(2.25);
  });
});

describe('toFormValues', () => {
  it('reads the answer in tonnes and złote and maps back to the same kilograms and minor units', () => {
    const values = toFormValues(PURCHASE_SIDE, purchaseDashboard);
    expect(values).toMatchObject({
      counterpartyId: 5,
      cargoQuantity: 125.5,
      minPrice: 800,
      toleranceQuantity: 2.5,
      toleranceUnit: 'PERCENT',
      countyCode: '1002',
    });
    expect(values.mainCargoOption.price).toBe(850.5);
    expect(values.additionalCargoOption[0]).toMatchObject({ id: 12, price: 900, contractualQuality: 'białko 12%' });
    const request = toContractRequest(PURCHASE_SIDE, values);
    expect(request).toMatchObject({ cargoQuantity: 125_500, minPrice: 80_000, toleranceQuantity: 250 });
  });

  it('gives a sales contract without tolerance the form defaults', () => {
    const values = toFormValues(SALES_SIDE, salesDashboard);
    expect(values).toMatchObject({ counterpartyId: 6, toleranceType: 'BUYER', toleranceUnit: 'T', minPrice: null });
    expect(values.toleranceQuantity).toBeNull();
  });
});

describe('toUpdateRequest', () => {
  it('lists removed saved contacts and additional options for deletion, not new ones', () => {
    const initial = toFormValues(SALES_SIDE, salesDashboard);
    const values: ContractFormValues = {
      ...initial,
      contactList: [{ ...emptyContractContact(), lastName: 'Nowak' }],
      additionalCargoOption: [],
    };
    const request = toUpdateRequest(SALES_SIDE, values, initial);
    expect(request.contactListDelete).toEqual([21]);
    expect(request.additionalCargoOptionDelete).toEqual([12]);
    expect(SalesUpdateRequestSchema.safeParse(request).success).toBe(true);
    expect(toUpdateRequest(SALES_SIDE, initial, initial)).toMatchObject({
      contactListDelete: [],
      additionalCargoOptionDelete: [],
    });
  });
});

describe('freight and addresses', () => {
  const parties = partyAddressesOf(contractor);

  it('lists the accounting address first, then the additional ones', () => {
    expect(parties.map((party) => party.key)).toEqual(['accounting', 'additional-31']);
    expect(parties[1]?.address.city).toBe('Łęczyca');
  });

  it('purchase FCA is the supplier’s address: a chosen supplier fills it in', () => {
    const values = withCounterpartyAddresses(PURCHASE_SIDE, emptyContractForm(PURCHASE_SIDE, defaults), parties);
    expect(values.address).toMatchObject({ street: 'Polna', city: 'Kutno', postCode: '99-300' });
    expect(values.chosenAddress).toBe('accounting');
  });

  it('changing freight resets the address and the chosen address', () => {
    const filled = withCounterpartyAddresses(PURCHASE_SIDE, emptyContractForm(PURCHASE_SIDE, defaults), parties);
    const cpt = withFreight(PURCHASE_SIDE, filled, 'CPT', parties);
    expect(cpt.freight).toBe('CPT');
    expect(cpt.address).toEqual({ street: '', buildingNumber: '', postCode: '', city: '', countryCode: 'PL' });
    expect(cpt.chosenAddress).toBeNull();
    // A supplier chosen while CPT does not bring its address: CPT is supply to the recipient.
    expect(withCounterpartyAddresses(PURCHASE_SIDE, cpt, parties).address.city).toBe('');
    const back = withFreight(PURCHASE_SIDE, cpt, 'FCA', parties);
    expect(back.address.city).toBe('Kutno');
  });

  it('sales CPT is the recipient’s address; FCA leaves it to be typed', () => {
    const sales = emptyContractForm(SALES_SIDE, defaults);
    expect(withCounterpartyAddresses(SALES_SIDE, sales, parties).address.city).toBe('Kutno');
    expect(withFreight(SALES_SIDE, sales, 'FCA', parties).address.city).toBe('');
  });
});

describe('contractFormSchema', () => {
  const schema = contractFormSchema(PURCHASE_SIDE, 'create');

  it('accepts a complete form', () => {
    expect(zodErrors(schema, filledPurchase())).toEqual({});
  });

  it('asks for the counterparty together with every other missing field (one click marks all)', () => {
    const empty = emptyContractForm(PURCHASE_SIDE, defaults);
    const errors = zodErrors(schema, empty);
    expect(errors.counterpartyId).toBe('Pole jest wymagane');
    expect(errors['mainCargoOption.price']).toBeTruthy();
    const inverted = zodErrors(schema, { ...empty, dateOfReceiptFrom: '2026-11-24', dateOfReceiptTo: '2026-11-01' });
    expect(inverted.dateOfReceiptTo).toBe('Data „do” nie może być wcześniejsza niż data „od”');
  });

  it('puts the request’s errors on the form’s fields', () => {
    const values = {
      ...filledPurchase(),
      counterpartyId: null,
      cargoQuantity: 0,
      dateOfReceiptTo: '2026-04-01',
      address: { ...filledPurchase().address, city: '' },
    };
    const errors = zodErrors(schema, values);
    expect(errors.counterpartyId).toBe('Pole jest wymagane');
    expect(errors.cargoQuantity).toBe('Wartość musi być większa od 0');
    expect(errors.dateOfReceiptTo).toBe('Data „do” nie może być wcześniejsza niż data „od”');
    expect(errors['address.city']).toBe('Pole jest wymagane');
  });

  it('requires the tolerance quantity with tolerance and the contractual quality when it is on', () => {
    const values = filledPurchase();
    values.toleranceQuantity = null;
    values.mainCargoOption = { ...values.mainCargoOption, isContractualQuality: true };
    const errors = zodErrors(schema, values);
    expect(errors.toleranceQuantity).toBe('Pole jest wymagane');
    expect(errors['mainCargoOption.contractualQuality']).toBe('Pole jest wymagane');
  });

  // spec/1 section 5 Validation: optional strings max 255; the form says so under the field before sending.
  it.each([
    ['purchase', PURCHASE_SIDE],
    ['sales', SALES_SIDE],
  ] as const)('marks a %s comment of 256 characters with the Polish max-length message', (_, side) => {
    const sideSchema = contractFormSchema(side, 'create');
    const values = { ...filledPurchase(), comments: 'x'.repeat(256) };
    expect(zodErrors(sideSchema, values).comments).toBe('Maksymalna długość to 255 znaków');
    expect(zodErrors(sideSchema, { ...values, comments: 'x'.repeat(255) }).comments).toBeUndefined();
    const inEdit = zodErrors(contractFormSchema(side, 'edit'), values);
    expect(inEdit.comments).toBe('Maksymalna długość to 255 znaków');
  });

  it('keeps contact errors on the contact shown, also after an empty first one', () => {
    const values = filledPurchase();
    values.contactList = [emptyContractContact(), { ...emptyContractContact(), firstName: 'Jan', email: 'zły' }];
    const errors = zodErrors(schema, values);
    expect(errors['contactList.1.lastName']).toBe('Podaj nazwisko lub nazwę firmy');
    expect(errors['contactList.1.email']).toBe('Podaj poprawny adres e-mail');
  });
});
