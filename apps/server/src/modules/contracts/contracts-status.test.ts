import { CONTRACT_STATUS_TRANSITIONS, CONTRACT_STATUSES, type ContractStatus } from '@grain/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contractApi, fieldCodes, insertTransport } from '../../../test/fixtures/contracts.js';
import { insertAllocation, insertContract } from '../../../test/fixtures.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { auditLog, contracts, mailOutbox } from '../../db/schema/index.js';

let t: TestApp;
let token: string;
let api: ReturnType<typeof contractApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = contractApi(t, () => token);
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
});
afterAll(() => t.close());

const setPurchaseStatus = (purchaseId: number, status: string) =>
  api.call('POST', 'update-purchase-status', { status, purchase_id: purchaseId });
const setSalesStatus = (salesId: number, status: string) =>
  api.call('POST', 'update-sales-status', { status, sales_id: salesId });

async function contractIn(type: 'PURCHASE' | 'SALES', status: ContractStatus) {
  return insertContract(t.db, { type, status, emailNotificationList: ['handel@example.com'] });
}

describe('POST /api/contract/update-purchase-status (RULES.md Contracts transition table)', () => {
  for (const from of CONTRACT_STATUSES) {
    for (const to of CONTRACT_STATUSES) {
      const isAllowed = CONTRACT_STATUS_TRANSITIONS[from].includes(to);
      it(`${isAllowed ? 'allows' : 'refuses with WRONG_STATUS'} ${from} -> ${to}`, async () => {
        const contract = await contractIn('PURCHASE', from);
        const response = await setPurchaseStatus(contract.id, to);
        const [after] = await t.db.select().from(contracts).where(eq(contracts.id, contract.id));
        if (isAllowed) {
          expect(response.statusCode, response.body).toBe(200);
          expect(response.json()).toMatchObject({ id: contract.id, status: to, agreement_status: 'EMPTY' });
          expect(after!.status).toBe(to);
        } else {
          expect(response.statusCode).toBe(409);
          expect(response.json().message_code).toBe('WRONG_STATUS');
          expect(after!.status).toBe(from);
        }
      });
    }
  }
});

describe('status changes and transports (RULES.md Contracts)', () => {
  it('refuses CANCELLED and CLOSED while a transport is NEW or ON_THE_WAY, for both sides', async () => {
    for (const transportStatus of ['NEW', 'ON_THE_WAY'] as const) {
      const purchase = await contractIn('PURCHASE', 'ACTIVE');
      const sale = await contractIn('SALES', 'TO_SETTLEMENT');
      await insertAllocation(t.db, purchase.id, sale.id, 50_000);
      await insertTransport(t.db, purchase.id, sale.id, transportStatus);

      const cancel = await setPurchaseStatus(purchase.id, 'CANCELLED');
      expect(cancel.statusCode).toBe(409);
      expect(cancel.json().message_code).toBe('PURCHASE_CONTRACT_IS_IN_TRANSPORT');
      const close = await setSalesStatus(sale.id, 'CLOSED');
      expect(close.statusCode).toBe(409);
      expect(close.json().message_code).toBe('SALE_CONTRACT_IS_IN_TRANSPORT');
      // Other changes are not blocked by transports.
      expect((await setPurchaseStatus(purchase.id, 'TO_SETTLEMENT')).statusCode).toBe(200);
    }
  });

  it('allows CANCELLED and CLOSED once the transports are delivered, returned or cancelled', async () => {
    const purchase = await contractIn('PURCHASE', 'ACTIVE');
    const sale = await contractIn('SALES', 'TO_SETTLEMENT');
    await insertAllocation(t.db, purchase.id, sale.id, 80_000);
    for (const status of ['DELIVERED', 'RETURN_TO_CLIENT', 'CANCELLED'] as const) {
      await insertTransport(t.db, purchase.id, sale.id, status);
    }
    expect((await setPurchaseStatus(purchase.id, 'CANCELLED')).statusCode).toBe(200);
    expect((await setSalesStatus(sale.id, 'CLOSED')).statusCode).toBe(200);
  });

  it('writes the change to the audit log and mails the notification list in Polish', async () => {
    const created = await api.createPurchase({ email_notification_list: ['handel@example.com'] });
    await t.db.delete(mailOutbox);
    expect((await setPurchaseStatus(created.id, 'ACTIVE')).statusCode).toBe(200);
    const mails = await t.db.select().from(mailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      recipients: ['handel@example.com'],
      subject: `Kontrakt zakupu ${created.document_number}: zmiana statusu na Aktywny`,
    });
    expect(mails[0]!.body).toContain('z „Nowy” na „Aktywny”');
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'purchase_contract'), eq(auditLog.action, 'status')));
    expect(entries).toMatchObject([{ entityId: created.id, changes: { status: { from: 'NEW', to: 'ACTIVE' } } }]);
  });

  it('mails a sales status change with the sales wording', async () => {
    const sale = await contractIn('SALES', 'NEW');
    await setSalesStatus(sale.id, 'NEXT_SEASON');
    const [mail] = await t.db.select().from(mailOutbox);
    expect(mail!.subject).toBe(`Kontrakt sprzedaży ${sale.documentNumber}: zmiana statusu na Następny sezon`);
  });

  it('answers 404 CONTRACT_NOT_FOUND for a missing id and for a contract of the other kind', async () => {
    const sale = await contractIn('SALES', 'NEW');
    const purchase = await contractIn('PURCHASE', 'NEW');
    for (const response of [
      await setPurchaseStatus(9999, 'ACTIVE'),
      await setPurchaseStatus(sale.id, 'ACTIVE'),
      await setSalesStatus(purchase.id, 'ACTIVE'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message_code).toBe('CONTRACT_NOT_FOUND');
    }
  });

  it('validates the body', async () => {
    const response = await api.call('POST', 'update-purchase-status', { status: 'DONE' });
    expect(response.statusCode).toBe(400);
    expect(fieldCodes(response)).toEqual(['status:oneOf', 'purchase_id:required']);
  });
});

describe('POST /api/contract/update-purchase-agreement-status and update-sales-agreement-status', () => {
  it('allows any agreement status to any other', async () => {
    const purchase = await contractIn('PURCHASE', 'NEW');
    for (const status of ['TO_SIGN', 'SIGNED', 'EMPTY', 'SIGNED', 'TO_SIGN', 'EMPTY']) {
      const response = await api.call('POST', 'update-purchase-agreement-status', {
        agreement_status: status,
        purchase_id: purchase.id,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().agreement_status).toBe(status);
    }
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'purchase_contract'), eq(auditLog.action, 'agreement_status')));
    expect(entries).toHaveLength(6);
  });

  it('treats the same value as a no-op that succeeds, without an audit entry', async () => {
    const sale = await contractIn('SALES', 'ACTIVE');
    const response = await api.call('POST', 'update-sales-agreement-status', {
      agreement_status: 'EMPTY',
      sales_id: sale.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ agreement_status: 'EMPTY', status: 'ACTIVE' });
    expect(await t.db.select().from(auditLog).where(eq(auditLog.entity, 'sales_contract'))).toHaveLength(0);
  });

  it('does not depend on the contract status or transports, and answers 404 for the other kind', async () => {
    const purchase = await contractIn('PURCHASE', 'CLOSED');
    const ok = await api.call('POST', 'update-purchase-agreement-status', {
      agreement_status: 'SIGNED',
      purchase_id: purchase.id,
    });
    expect(ok.statusCode).toBe(200);
    const wrongKind = await api.call('POST', 'update-sales-agreement-status', {
      agreement_status: 'SIGNED',
      sales_id: purchase.id,
    });
    expect(wrongKind.json().message_code).toBe('CONTRACT_NOT_FOUND');
  });
});
