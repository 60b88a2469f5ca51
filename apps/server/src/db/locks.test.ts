import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { AppError } from '../lib/errors.js';
import { RetryWrite, withWriteTransaction } from './locks.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

describe('withWriteTransaction', () => {
  it('runs the transaction again after a deadlock, a serialization failure or a moved row', async () => {
    const failures = [pgError('40P01'), pgError('40001'), new RetryWrite()];
    let runs = 0;
    const answer = await withWriteTransaction(t.db, async (tx) => {
      runs += 1;
      await tx.execute(sql`select 1`);
      const failure = failures.shift();
      if (failure) throw failure;
      return 'done';
    });
    expect(answer).toBe('done');
    expect(runs).toBe(4);
  });

  it('answers 409 CONFLICT when the transaction keeps failing', async () => {
    let runs = 0;
    const failing = withWriteTransaction(t.db, async () => {
      runs += 1;
      throw pgError('40P01');
    });
    await expect(failing).rejects.toMatchObject({ code: 'CONFLICT', statusCode: 409 });
    await expect(failing).rejects.toBeInstanceOf(AppError);
    expect(runs).toBe(5);
  });

  it('does not retry other errors', async () => {
    let runs = 0;
    const failing = withWriteTransaction(t.db, async () => {
      runs += 1;
      throw pgError('23505');
    });
    await expect(failing).rejects.toMatchObject({ code: '23505' });
    expect(runs).toBe(1);
  });
});
