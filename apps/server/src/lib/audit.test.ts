import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { auditLog } from '../db/schema/index.js';
import { audit, diff } from './audit.js';

describe('diff', () => {
  it('lists each changed field with from and to, and nothing unchanged', () => {
    expect(diff({ name: 'A', count: 1, flag: true }, { name: 'B', count: 1, flag: false })).toEqual({
      name: { from: 'A', to: 'B' },
      flag: { from: true, to: false },
    });
  });

  it('skips fields the change leaves undefined and reports new fields from null', () => {
    expect(diff({ name: 'A' }, { name: undefined, note: 'x' })).toEqual({ note: { from: null, to: 'x' } });
  });

  it('compares arrays and objects by value', () => {
    expect(diff({ list: [1, 2], address: { city: 'Poznań' } }, { list: [1, 2], address: { city: 'Poznań' } })).toEqual(
      {},
    );
    expect(diff({ list: [1, 2] }, { list: [2, 1] })).toEqual({ list: { from: [1, 2], to: [2, 1] } });
  });
});

describe('audit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('writes who, which entity, what and when, with secrets replaced', async () => {
    await audit(t.db, null, 'user', 42, 'update', {
      email: 'a@example.com',
      password: 'Secret123!',
      refreshToken: 'abc',
      resetCode: 'ABCDEF',
      jwtSecret: 'shh',
    });
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, 42));
    expect(row).toMatchObject({
      userId: null,
      entity: 'user',
      entityId: 42,
      action: 'update',
      changes: {
        email: 'a@example.com',
        password: '[changed]',
        refreshToken: '[changed]',
        resetCode: '[changed]',
        jwtSecret: '[changed]',
      },
    });
    expect(row!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });
});
