import { describe, expect, it } from 'vitest';
import { contactName, formatAddress } from './format';

describe('contactName', () => {
  it('joins the person name and adds the contact name in brackets', () => {
    expect(contactName({ firstName: 'Jan', middleName: 'Maria', lastName: 'Nowak', name: null })).toBe(
      'Jan Maria Nowak',
    );
    expect(contactName({ firstName: null, middleName: null, lastName: 'Lis', name: 'Księgowość' })).toBe(
      'Lis (Księgowość)',
    );
    expect(contactName({ firstName: null, middleName: null, lastName: null, name: 'Biuro' })).toBe('Biuro');
  });
});

describe('formatAddress', () => {
  const address = { street: 'Polna', buildingNumber: '1a', postCode: '00-001', city: 'Warszawa', countryCode: 'PL' };

  it('shows one line without the country for Poland', () => {
    expect(formatAddress(address)).toBe('Polna 1a, 00-001 Warszawa');
  });

  it('adds the country name for other countries and a dash for an empty address', () => {
    expect(formatAddress({ ...address, countryCode: 'DE' }, () => 'Niemcy')).toBe('Polna 1a, 00-001 Warszawa, Niemcy');
    expect(formatAddress({ street: null, buildingNumber: null, postCode: null, city: null, countryCode: 'PL' })).toBe(
      '—',
    );
  });
});
