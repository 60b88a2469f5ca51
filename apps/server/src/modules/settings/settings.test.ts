import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMPANY, TINY_PNG } from '../../../test/fixtures/settings.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { auditLog, companySettings } from '../../db/schema/index.js';
import { decryptSecret } from '../../lib/secrets.js';

const SECRETS_KEY = randomBytes(32);
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ secretsKey: SECRETS_KEY });
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

describe('KSeF settings (RULES.md Invoices, VAT and KSeF)', () => {
  const KSEF_TOKEN = '20251010-EC-1A2B3C4D5E-6F7A8B9C0D-1E|nip-5260250274|0a1b2c3d4e5f';
  const storedToken = async () =>
    (await t.db.select({ value: companySettings.ksefTokenEncrypted }).from(companySettings))[0]?.value ?? null;

  it('stores the token encrypted, never answers it, and an empty token keeps it; a clear removes it', async () => {
    const saved = await put({ ...COMPANY, ksef_environment: 'DEMO', ksef_nip: '', ksef_token: KSEF_TOKEN });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      ksef_environment: 'DEMO',
      ksef_nip: null,
      ksef_token_set: true,
      secrets_key_set: true,
      ksef_custom_url_allowed: false,
      ksef_source: 'SETTINGS',
    });
    const raw = await storedToken();
    expect(raw).not.toContain(KSEF_TOKEN);
    expect(raw).not.toContain('5260250274');
    expect(decryptSecret(SECRETS_KEY, raw!)).toBe(KSEF_TOKEN);
    const read = await t.call({ method: 'GET', url: '/api/settings/company', token });
    for (const body of [saved.body, read.body]) expect(body).not.toContain('0a1b2c3d4e5f');

    // Saving the form again without a token keeps the stored one; the audit says only that it changed.
    const kept = await put({ ...COMPANY, city: 'Gniezno', ksef_token: '' });
    expect(kept.json()).toMatchObject({ ksef_token_set: true, ksef_environment: 'DEMO' });
    expect(await storedToken()).toBe(raw);
    const cleared = await put({ ...COMPANY, ksef_token_clear: true });
    expect(cleared.json()).toMatchObject({ ksef_token_set: false, ksef_source: null });
    expect(await storedToken()).toBeNull();
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'company_settings'))
      .orderBy(auditLog.id);
    expect(JSON.stringify(entries)).not.toContain('0a1b2c3d4e5f');
    // The audit redacts token fields whatever they hold (lib/audit.ts).
    expect(entries.map((entry) => (entry.changes as Record<string, unknown>).ksefToken)).toEqual([
      '[changed]',
      undefined,
      '[changed]',
    ]);
  });

  it('refuses a token without SECRETS_KEY with SECRETS_KEY_MISSING on the field, and says so on GET', async () => {
    const bare = await createTestApp();
    try {
      const adminToken = await bare.login();
      const read = await bare.call({ method: 'GET', url: '/api/settings/company', token: adminToken });
      expect(read.json()).toMatchObject({ secrets_key_set: false, ksef_token_set: false });
      const refused = await bare.call({
        method: 'PUT',
        url: '/api/settings/company',
        token: adminToken,
        payload: { ...COMPANY, ksef_environment: 'TEST', ksef_token: KSEF_TOKEN },
      });
      expect([refused.statusCode, refused.json().message_code, refused.json().errors]).toEqual([
        409,
        'SECRETS_KEY_MISSING',
        [{ field: 'ksef_token', code: 'required' }],
      ]);
      const [row] = await bare.db.select().from(companySettings);
      expect(row).toBeUndefined();
    } finally {
      await bare.close();
    }
  });

  it('takes a custom KSeF address only with KSEF_ALLOW_CUSTOM_URL, and a KSeF NIP only with a valid checksum', async () => {
    const refused = await put({ ...COMPANY, ksef_custom_url: 'http://127.0.0.1:3900/v2' });
    expect([refused.statusCode, refused.json().message_code]).toEqual([409, 'KSEF_CUSTOM_URL_NOT_ALLOWED']);
    const badNip = await put({ ...COMPANY, ksef_nip: '1234567890' });
    expect(badNip.json().errors).toEqual([{ field: 'ksef_nip', code: 'nipChecksum' }]);
    const badEnvironment = await put({ ...COMPANY, ksef_environment: 'PROD' });
    expect(badEnvironment.json().errors).toEqual([{ field: 'ksef_environment', code: 'oneOf' }]);
  });

  it('falls back to KSEF_URL and KSEF_TOKEN while the settings name no environment and token (ksef_source)', async () => {
    const withEnv = await createTestApp({
      ksefUrl: 'http://127.0.0.1:9/v2',
      ksefToken: 'env-token',
      secretsKey: SECRETS_KEY,
    });
    try {
      const adminToken = await withEnv.login();
      const save = (body: Record<string, unknown>) =>
        withEnv.call({
          method: 'PUT',
          url: '/api/settings/company',
          token: adminToken,
          payload: { ...COMPANY, ...body },
        });
      expect((await save({})).json().ksef_source).toBe('ENVIRONMENT');
      expect((await save({ ksef_environment: 'TEST', ksef_token: 'settings-token' })).json().ksef_source).toBe(
        'SETTINGS',
      );
    } finally {
      await withEnv.close();
    }
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
