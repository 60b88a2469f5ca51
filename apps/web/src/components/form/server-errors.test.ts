import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { serverFieldErrors } from './server-errors';

describe('serverFieldErrors', () => {
  it('puts a uniqueness or password refusal under its field by message code', () => {
    expect(serverFieldErrors(new ApiError(409, 'NIP_IS_DUPLICATED'))).toEqual({ nip: expect.any(String) });
    expect(Object.keys(serverFieldErrors(new ApiError(409, 'VALUE_IS_DUPLICATED')))).toEqual(['code']);
    expect(Object.keys(serverFieldErrors(new ApiError(409, 'USER_ALREADY_EXISTS')))).toEqual(['email']);
    expect(Object.keys(serverFieldErrors(new ApiError(400, 'OLD_PASSWORD_IS_INVALID')))).toEqual(['oldPassword']);
  });

  it('maps per-field validation errors to camelCase form paths with their Polish text', () => {
    const error = new ApiError(400, 'VALIDATION_ERROR', [
      { field: 'contact_list.0.email', code: 'email' },
      { field: 'items.1.transaction_id', code: 'WRONG_STATUS' },
    ]);
    const errors = serverFieldErrors(error);
    expect(errors['contactList.0.email']).toBe('Podaj poprawny adres e-mail');
    expect(errors['items.1.transactionId']).toBeTruthy();
  });

  it('lets a form name its own field for a code, and answers nothing for refusals of no field', () => {
    expect(
      Object.keys(serverFieldErrors(new ApiError(409, 'VALUE_IS_DUPLICATED'), { VALUE_IS_DUPLICATED: 'name' })),
    ).toEqual(['name']);
    expect(serverFieldErrors(new ApiError(409, 'CONFLICT'))).toEqual({});
    expect(serverFieldErrors(new Error('x'))).toEqual({});
  });
});
