import { ContractorCreateRequestSchema, type ContractorResponse } from '@grain/shared';
import { describe, expect, it } from 'vitest';
import { zodErrors } from '../../components/form/use-zod-form';
import {
  type ContractorFormValues,
  contractorFormSchema,
  emptyAdditionalAddress,
  emptyContact,
  emptyContractorForm,
  hasAddress,
  removedIds,
  toCreateRequest,
  toFormValues,
  toUpdateRequest,
  withAccountingAddress,
} from './form-values';

const saved: ContractorResponse = {
  id: 7,
  certificates: [],
  invoicePaymentTermDays: null,
  invoiceBankAccount: null,
  code: 'AGRO',
  name: 'Agro Sp. z o.o.',
  nip: '1234563218',
  pesel: null,
  phoneNumber: '600100200',
  email: null,
  label: 'FIRMA',
  accountingMethod: 'VAT',
  accountingAddress: { street: 'Polna', buildingNumber: '1', postCode: '00-001', city: 'Warszawa', countryCode: 'PL' },
  bankAccount: null,
  flatRateDeclarationDate: null,
  isKsefRrDesignated: false,
  additionalAddress: [
    { id: 11, name: 'Magazyn', street: null, buildingNumber: null, postCode: null, city: 'Radom', countryCode: 'PL' },
  ],
  contactList: [
    {
      id: 21,
      firstName: 'Jan',
      middleName: null,
      lastName: 'Nowak',
      name: null,
      phoneNumber: null,
      email: null,
      gender: 'male',
    },
    {
      id: 22,
      firstName: 'Ewa',
      middleName: null,
      lastName: 'Lis',
      name: null,
      phoneNumber: null,
      email: 'ewa@agro.pl',
      gender: null,
    },
  ],
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
};

function filledForm(): ContractorFormValues {
  return { ...emptyContractorForm(), code: ' NOWY ', name: 'Nowy', nip: '123-456-32-18' };
}

describe('toCreateRequest', () => {
  it('turns empty texts into nulls and drops the empty first contact and address', () => {
    const request = toCreateRequest(filledForm());
    expect(request).toMatchObject({
      code: 'NOWY',
      name: 'Nowy',
      nip: '123-456-32-18',
      pesel: null,
      email: null,
      label: null,
      accountingAddress: { street: null, city: null, countryCode: 'PL' },
      additionalAddress: [],
      contactList: [],
    });
    expect(ContractorCreateRequestSchema.safeParse(request).success).toBe(true);
  });

  it('keeps filled entries with a null id for new ones', () => {
    const values = filledForm();
    values.contactList = [{ ...emptyContact(), lastName: 'Kowalski', gender: 'female' }];
    values.additionalAddress = [{ ...emptyAdditionalAddress(), name: 'Silos', city: 'Kutno' }];
    const request = toCreateRequest(values);
    expect(request.contactList).toEqual([
      {
        id: null,
        firstName: null,
        middleName: null,
        lastName: 'Kowalski',
        name: null,
        phoneNumber: null,
        email: null,
        gender: 'female',
      },
    ]);
    expect(request.additionalAddress[0]).toMatchObject({ id: null, name: 'Silos', city: 'Kutno', street: null });
  });
});

describe('toUpdateRequest', () => {
  it('sends the ids of removed saved contacts and addresses for deletion', () => {
    const initial = toFormValues(saved);
    const values = structuredClone(initial);
    values.contactList = values.contactList.filter((contact) => contact.id !== 21);
    values.contactList.push({ ...emptyContact(), lastName: 'Nowy' });
    values.additionalAddress = [emptyAdditionalAddress()];
    const request = toUpdateRequest(values, initial);
    expect(request.contactToDelete).toEqual([21]);
    expect(request.addressToDelete).toEqual([11]);
    expect(request.contactList.map((contact) => contact.id)).toEqual([22, null]);
    expect(request.additionalAddress).toEqual([]);
  });

  it('deletes nothing when nothing was removed', () => {
    const initial = toFormValues(saved);
    const request = toUpdateRequest({ ...initial, phoneNumber: '700' }, initial);
    expect(request).toMatchObject({ phoneNumber: '700', contactToDelete: [], addressToDelete: [] });
  });
});

describe('removedIds', () => {
  it('ignores new entries on both sides', () => {
    expect(removedIds([{ id: 1 }, { id: null }, { id: 2 }], [{ id: 2 }, { id: null }])).toEqual([1]);
  });
});

describe('toFormValues', () => {
  it('maps nulls to empty texts and always shows one contact and one address', () => {
    const values = toFormValues({ ...saved, contactList: [], additionalAddress: [], email: null });
    expect(values.email).toBe('');
    expect(values.contactList).toEqual([emptyContact()]);
    expect(values.additionalAddress).toEqual([emptyAdditionalAddress()]);
    expect(toFormValues(saved).contactList[0]).toMatchObject({ id: 21, middleName: '', gender: 'male' });
  });
});

describe('use contractor address', () => {
  it('is possible once the accounting address has more than the default country', () => {
    expect(hasAddress(emptyContractorForm().accountingAddress)).toBe(false);
    expect(hasAddress({ ...emptyContractorForm().accountingAddress, countryCode: 'DE' })).toBe(true);
    expect(hasAddress({ ...emptyContractorForm().accountingAddress, city: 'Kutno' })).toBe(true);
  });

  it('copies the address fields and keeps the entry id and name', () => {
    const entry = { ...emptyAdditionalAddress(), id: 5, name: 'Magazyn', street: 'Stara' };
    const accounting = {
      street: 'Polna',
      buildingNumber: '1',
      postCode: '00-001',
      city: 'Warszawa',
      countryCode: 'PL',
    };
    expect(withAccountingAddress(entry, accounting)).toEqual({ id: 5, name: 'Magazyn', ...accounting });
  });
});

describe('form validation', () => {
  it('gives Polish messages for code, NIP length and NIP-or-PESEL', () => {
    const errors = zodErrors(contractorFormSchema, { ...emptyContractorForm(), nip: '123456789' });
    expect(errors.code).toBe('Pole jest wymagane');
    expect(errors.nip).toBe('NIP musi mieć dokładnie 10 cyfr');
    expect(errors.name).toBe('Podaj nazwisko lub nazwę firmy');
    expect(zodErrors(contractorFormSchema, emptyContractorForm()).pesel).toBe('Podaj NIP lub PESEL');
  });

  it('puts errors of later entries on the entry shown, although the empty first one is dropped', () => {
    const values = filledForm();
    values.contactList = [emptyContact(), { ...emptyContact(), lastName: 'Lis', email: 'zły' }];
    values.additionalAddress = [emptyAdditionalAddress(), { ...emptyAdditionalAddress(), name: 'Silos' }];
    const errors = zodErrors(contractorFormSchema, values);
    expect(errors).toEqual({
      'contactList.1.email': 'Podaj poprawny adres e-mail',
      'additionalAddress.1.city': 'Pole jest wymagane',
    });
  });

  it('accepts a valid form', () => {
    expect(zodErrors(contractorFormSchema, toFormValues(saved))).toEqual({});
  });
});

describe('farmer fields', () => {
  it('shows the account in groups of four and sends it back as the schema keeps it', () => {
    const farmer = { ...saved, accountingMethod: 'RR' as const, bankAccount: '61109010140000071219812874' };
    const values = toFormValues({ ...farmer, flatRateDeclarationDate: '2026-01-15', isKsefRrDesignated: true });
    expect(values.bankAccount).toBe('PL61 1090 1014 0000 0712 1981 2874');
    const request = ContractorCreateRequestSchema.parse(toCreateRequest(values));
    expect(request).toMatchObject({
      bankAccount: '61109010140000071219812874',
      flatRateDeclarationDate: '2026-01-15',
      isKsefRrDesignated: true,
    });
  });

  it('names the account when its IBAN checksum fails', () => {
    const values = { ...toFormValues(saved), bankAccount: '61 1090 1014 0000 0712 1981 2875' };
    const result = ContractorCreateRequestSchema.safeParse(toCreateRequest(values));
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['bankAccount', 'iban'],
    ]);
  });
});
