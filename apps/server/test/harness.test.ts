import { describe, expect, it } from 'vitest';
import { assertDisposableDatabase } from './harness.js';

describe('test database guard', () => {
  it('accepts databases whose name ends in test', () => {
    expect(() => assertDisposableDatabase('postgres://postgres@127.0.0.1:5432/test')).not.toThrow();
    expect(() => assertDisposableDatabase('postgres://postgres@127.0.0.1:5432/i13_lists_test')).not.toThrow();
  });

  it('refuses any other database before anything is dropped', () => {
    expect(() => assertDisposableDatabase('postgres://postgres@127.0.0.1:5432/grain')).toThrow(/ends in "test"/);
    expect(() => assertDisposableDatabase('postgres://postgres@127.0.0.1:5432/test_prod')).toThrow();
    expect(() => assertDisposableDatabase('postgres://postgres@127.0.0.1:5432/')).toThrow();
  });
});
