import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedPair, transportApi, transportBody } from '../../../test/fixtures/transports.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { contractorCertificates, contracts, mailOutbox, users } from '../../db/schema/index.js';
import { runCertificateExpiryCheck } from './service.js';

let t: TestApp;
let token: string;
let transportsApi: ReturnType<typeof transportApi>;
beforeAll(async () => {
  t = await createTestApp();
  transportsApi = transportApi(t, () => token);
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
});
afterAll(() => t.close());

const GMP = {
  kind: 'GMP_PLUS',
  number: 'GMP045123',
  valid_from: '2025-01-01',
  valid_to: '2027-12-31',
  scope: 'Transport drogowy',
};

async function addCertificates(contractorId: number, list: Record<string, unknown>[]) {
  await t.db.insert(contractorCertificates).values(
    list.map((c) => ({
      contractorId,
      kind: c.kind as 'GMP_PLUS',
      number: String(c.number),
      validFrom: (c.valid_from as string | null) ?? null,
      validTo: String(c.valid_to),
      scope: (c.scope as string | null) ?? null,
    })),
  );
}

const contractorBody = (overrides: Record<string, unknown> = {}) => ({
  code: 'TRANS1',
  name: 'Trans-Pol',
  nip: '7791011327',
  accounting_method: 'VAT',
  ...overrides,
});

describe('contractor certificates through the contractor form', () => {
  it('creates, answers, replaces and keeps the certificates, and lists them', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/dictionary/contractor/create',
      token,
      payload: contractorBody({ certificates: [GMP, { kind: 'QS', number: 'QS-1', valid_to: '2026-12-31' }] }),
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id, certificates } = created.json().result;
    expect(certificates.map((c: { kind: string; valid_to: string }) => [c.kind, c.valid_to])).toEqual([
      ['QS', '2026-12-31'],
      ['GMP_PLUS', '2027-12-31'],
    ]);
    expect(certificates[1]).toMatchObject({
      number: 'GMP045123',
      valid_from: '2025-01-01',
      scope: 'Transport drogowy',
    });

    const update = (body: Record<string, unknown>) =>
      t.call({ method: 'PUT', url: `/api/dictionary/contractor/update/${id}`, token, payload: contractorBody(body) });
    const kept = await update({ name: 'Trans-Pol 2' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().result.certificates).toHaveLength(2);
    const replaced = await update({ certificates: [{ kind: 'ISCC', number: 'EU-ISCC-9', valid_to: '2026-06-30' }] });
    expect(replaced.json().result.certificates).toMatchObject([{ kind: 'ISCC', number: 'EU-ISCC-9' }]);

    const list = await t.call({ method: 'POST', url: '/api/dictionary/contractor/list', token, payload: {} });
    expect(list.json().list[0].certificates).toMatchObject([{ kind: 'ISCC', valid_to: '2026-06-30' }]);
  });

  it('refuses an unknown kind, a missing number and an end before the start, field by field', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/dictionary/contractor/create',
      token,
      payload: contractorBody({
        certificates: [
          { kind: 'FSSC', number: 'X', valid_to: '2026-01-01' },
          { kind: 'QS', number: ' ', valid_to: '2026-01-01' },
          { kind: 'QS', number: 'QS-2', valid_from: '2026-02-01', valid_to: '2026-01-01' },
        ],
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'certificates.0.kind', code: 'oneOf' },
      { field: 'certificates.1.number', code: 'required' },
      { field: 'certificates.2.valid_to', code: 'dateToIsBefore' },
    ]);
  });
});

describe('GMP+ certificate of the carrier (transport of a sale that requires GMP)', () => {
  it('refuses GMP_NOT_SATISFIED with the certificate dates when it ended before the transport, accepts a note', async () => {
    const pair = await seedPair(t.db, { sale: { isGmp: true } });
    await addCertificates(pair.carrierId, [{ ...GMP, valid_from: '2024-01-01', valid_to: '2026-02-28' }]);
    const body = transportBody(pair, { is_gmp: true, gmp_number: 'GMP045123' });
    const refused = await transportsApi.create(body);
    expect([refused.statusCode, refused.json().message_code]).toEqual([409, 'GMP_NOT_SATISFIED']);
    expect(refused.json().message).toBe('GMP+ nr GMP045123 ważny 01.01.2024–28.02.2026');
    expect(refused.json().errors).toEqual([{ field: 'confirmation_note', code: 'gmpCertificate' }]);

    const noted = await transportsApi.create({ ...body, confirmation_note: 'Certyfikat w odnowieniu, skan wysłany' });
    expect(noted.statusCode, noted.body).toBe(200);
  });

  it('refuses when the carrier has certificates but no GMP+, and on edit too; a covering one passes', async () => {
    const pair = await seedPair(t.db, { sale: { isGmp: true } });
    await addCertificates(pair.carrierId, [GMP]);
    const body = transportBody(pair, { is_gmp: true, gmp_number: 'GMP045123' });
    const id = await transportsApi.createId(body);

    await t.db.delete(contractorCertificates);
    await addCertificates(pair.carrierId, [{ kind: 'QS', number: 'QS-1', valid_to: '2030-01-01' }]);
    const edit = await transportsApi.update(id, { ...body, comment: 'inna rampa' });
    expect([edit.statusCode, edit.json().message_code]).toEqual([409, 'GMP_NOT_SATISFIED']);
    expect(edit.json().message).toBe('brak certyfikatu GMP+');
  });

  it('leaves a carrier without any certificate on record to the GMP flag alone, and a sale without GMP alone', async () => {
    const pair = await seedPair(t.db, { sale: { isGmp: true } });
    const ok = await transportsApi.create(transportBody(pair, { is_gmp: true, gmp_number: 'GMP-1' }));
    expect(ok.statusCode, ok.body).toBe(200);
    const plain = await seedPair(t.db);
    await addCertificates(plain.carrierId, [{ ...GMP, valid_to: '2025-01-31' }]);
    expect((await transportsApi.create(transportBody(plain))).statusCode).toBe(200);
  });
});

describe('GMP+ certificate of the supplier (allocation to a sale that requires GMP)', () => {
  it('refuses GMP_CERT_NOT_SATISFIED when it does not cover the receipt period, accepts a note', async () => {
    const pair = await seedPair(t.db, { allocationKg: null, sale: { isGmp: true }, purchase: { isGmp: true } });
    const [purchase] = await t.db.select().from(contracts).where(eq(contracts.id, pair.purchaseId));
    await addCertificates(purchase!.counterpartyId, [{ ...GMP, valid_from: '2026-03-01', valid_to: '2026-12-31' }]);
    const allocate = (note: string | null) =>
      t.call({
        method: 'POST',
        url: `/api/contract/allocate-contract/${pair.salesId}`,
        token,
        payload: { purchase_id: pair.purchaseId, cargo_quantity: 10_000, confirmation_note: note },
      });
    const refused = await allocate(null);
    expect([refused.statusCode, refused.json().message_code]).toEqual([409, 'GMP_CERT_NOT_SATISFIED']);
    expect(refused.json().message).toBe('GMP+ nr GMP045123 ważny 01.03.2026–31.12.2026');
    const noted = await allocate('Dostawca odnawia certyfikat od stycznia');
    expect(noted.statusCode, noted.body).toBe(200);
  });
});

describe('the daily certificate check of the mail worker', () => {
  it('mails the opted-in active users the certificates ending within 30 days, once a day', async () => {
    const pair = await seedPair(t.db);
    await addCertificates(pair.carrierId, [
      { kind: 'GMP_PLUS', number: 'ENDS-SOON', valid_to: '2026-06-20' },
      { kind: 'QS', number: 'ENDS-LATER', valid_to: '2026-08-01' },
      { kind: 'ISCC', number: 'ENDED', valid_to: '2026-05-31' },
    ]);
    const subscriber = await t.userWithRole('USER', 'certyfikaty@example.com');
    await t.userWithRole('USER', 'inny@example.com');
    const inactive = await t.userWithRole('USER', 'nieaktywny@example.com');
    await t.db.update(users).set({ isNotifyOnCertificates: true }).where(eq(users.id, subscriber.id));
    await t.db.update(users).set({ isNotifyOnCertificates: true, active: false }).where(eq(users.id, inactive.id));

    expect(await runCertificateExpiryCheck(t.db, '2026-06-01')).toBe(1);
    expect(await runCertificateExpiryCheck(t.db, '2026-06-01')).toBe(0);
    const [mail] = await t.db.select().from(mailOutbox);
    expect(mail!.recipients).toEqual(['certyfikaty@example.com']);
    expect(mail!.subject).toBe('Certyfikaty wygasające w ciągu 30 dni (1)');
    expect(mail!.body).toContain('GMP+ nr ENDS-SOON, ważny do 20.06.2026');
    expect(mail!.body).not.toContain('ENDS-LATER');
    expect(mail!.body).not.toContain('ENDED');

    expect(await runCertificateExpiryCheck(t.db, '2026-07-05')).toBe(1);
    const mails = await t.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(mails[1]!.body).toContain('QS nr ENDS-LATER, ważny do 01.08.2026');
  });

  it('lets a user opt in through the user form (is_notify_on_certificates)', async () => {
    const user = await t.userWithRole('USER', 'opt@example.com');
    const response = await t.call({
      method: 'POST',
      url: `/api/profile/update/${user.id}`,
      token,
      payload: {
        email: 'opt@example.com',
        first_name: 'Ola',
        last_name: 'Nowak',
        role: 'USER',
        active: true,
        is_notify_on_certificates: true,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().is_notify_on_certificates).toBe(true);
  });
});
