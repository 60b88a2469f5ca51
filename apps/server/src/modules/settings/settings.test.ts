import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMPANY, TINY_PNG } from '../../../test/fixtures/settings.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { auditLog } from '../../db/schema/index.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
});
afterAll(() => t.close());

const put = (body: Record<string, unknown>, as = token) =>
  t.call({ method: 'PUT', url: '/api/settings/company', token: as, payload: body });

describe('GET /api/settings/company', () => {
  it('answers configured false before an ADMIN saved the company', async () => {
    const response = await t.call({ method: 'GET', url: '/api/settings/company', token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ configured: false, name: '', nip: '', logo_data_url: null });
  });
});

describe('PUT /api/settings/company', () => {
  it('saves the company with the NIP as digits, answers it on GET and audits the change', async () => {
    const response = await put({ ...COMPANY, logo_data_url: TINY_PNG });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ configured: true, name: COMPANY.name, nip: '5260250274' });
    const read = await t.call({ method: 'GET', url: '/api/settings/company', token });
    expect(read.json()).toMatchObject({ city: 'Poznań', street: 'ul. Żytnia 7', logo_data_url: TINY_PNG });

    const second = await put({ ...COMPANY, city: 'Gniezno', logo_data_url: null });
    expect(second.json()).toMatchObject({ city: 'Gniezno', logo_data_url: null });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'company_settings'), eq(auditLog.entityId, 1)))
      .orderBy(auditLog.id);
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(entries[1]!.changes).toEqual({ city: { from: 'Poznań', to: 'Gniezno' }, logo: 'removed' });
  });

  it('refuses a NIP whose check digit is wrong with nipChecksum on the field', async () => {
    const response = await put({ ...COMPANY, nip: '1234567890' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'nip', code: 'nipChecksum' }]);
  });

  it('refuses a company e-mail that names a second recipient (validation.ts isEmailAddress)', async () => {
    const response = await put({ ...COMPANY, email: 'biuro@firma.pl,evil@x.pl' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'email', code: 'email' }]);
  });

  it('refuses a missing name and city, a logo that is not a PNG or JPEG data URL, and a logo over 200 KB', async () => {
    const missing = await put({ ...COMPANY, name: ' ', city: '' });
    expect(
      missing
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['city', 'name']);
    const notImage = await put({ ...COMPANY, logo_data_url: 'data:text/html;base64,PGI+' });
    expect(notImage.json().errors).toEqual([{ field: 'logo_data_url', code: 'logoFormat' }]);
    const huge = `data:image/png;base64,${Buffer.alloc(210 * 1024, 1).toString('base64')}`;
    const tooBig = await put({ ...COMPANY, logo_data_url: huge });
    expect(tooBig.json().errors).toEqual([{ field: 'logo_data_url', code: 'logoTooBig' }]);
  });
});

describe('roles', () => {
  it('refuses a USER reading or saving the company settings with FORBIDDEN', async () => {
    const user = await t.userWithRole('USER');
    const read = await t.call({ method: 'GET', url: '/api/settings/company', token: user.token });
    const write = await put(COMPANY, user.token);
    expect([read.statusCode, read.json().message_code]).toEqual([403, 'FORBIDDEN']);
    expect([write.statusCode, write.json().message_code]).toEqual([403, 'FORBIDDEN']);
  });
});
