import { describe, expect, it } from 'vitest';
import { camelToSnake, snakeToCamel, toCamelKeys, toSnakeKeys } from './case.js';

describe('key names', () => {
  it('converts snake_case to camelCase and back', () => {
    expect(snakeToCamel('first_name')).toBe('firstName');
    expect(snakeToCamel('is_notify_on_purchase')).toBe('isNotifyOnPurchase');
    expect(snakeToCamel('id')).toBe('id');
    expect(camelToSnake('firstName')).toBe('first_name');
    expect(camelToSnake('isNotifyOnPurchase')).toBe('is_notify_on_purchase');
    expect(camelToSnake('id')).toBe('id');
  });

  it('round-trips the keys the API uses', () => {
    for (const key of ['refresh_token', 'password_expired', 'date_of_receipt_from', 'order_by', 'total_data']) {
      expect(camelToSnake(snakeToCamel(key))).toBe(key);
    }
  });

  it('handles digits after an underscore', () => {
    expect(snakeToCamel('address_2')).toBe('address2');
  });
});

describe('toCamelKeys and toSnakeKeys', () => {
  it('convert keys deeply, through arrays, and leave values alone', () => {
    const wire = {
      first_name: 'Jan',
      contact_list: [{ phone_number: '123', first_name: 'first_name' }],
      accounting_address: { post_code: '60-001' },
      tags: ['some_value'],
    };
    const inside = toCamelKeys(wire);
    expect(inside).toEqual({
      firstName: 'Jan',
      contactList: [{ phoneNumber: '123', firstName: 'first_name' }],
      accountingAddress: { postCode: '60-001' },
      tags: ['some_value'],
    });
    expect(toSnakeKeys(inside)).toEqual(wire);
  });

  it('converts objects without a prototype (as query-string parsers make them)', () => {
    const query = Object.assign(Object.create(null), { order_by: 'email' });
    expect(toCamelKeys(query)).toEqual({ orderBy: 'email' });
  });

  it('leaves Dates, null and primitives as they are', () => {
    const date = new Date('2026-01-01T00:00:00Z');
    expect(toSnakeKeys({ createdAt: date, note: null, count: 0 })).toEqual({ created_at: date, note: null, count: 0 });
    expect(toCamelKeys('text')).toBe('text');
    expect(toCamelKeys(null)).toBeNull();
    expect(toCamelKeys(undefined)).toBeUndefined();
  });
});
