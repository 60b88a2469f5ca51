import { describe, expect, it } from 'vitest';
import { transactionRow } from './test-row';
import { truckRowsFor, truckSteps } from './truck-settlement';

const purchase = transactionRow({ id: 1 });
const sales = transactionRow({ id: 2, type: 'SALES', contractorId: 4 });
const transport = transactionRow({
  id: 3,
  type: 'TRANSPORT',
  contractorId: 5,
  invoiceNumber: 'T/1',
  invoiceDate: '2026-03-05',
});

describe('a truck settled from its details', () => {
  it('asks for the missing invoices first, then settles every open row', () => {
    const rows = [purchase, sales, transport];
    expect(truckRowsFor('invoice', rows).map((row) => row.id)).toEqual([1, 2]);
    expect(truckRowsFor('settle', rows).map((row) => row.id)).toEqual([1, 2, 3]);
    expect(truckSteps(rows)).toMatchObject({
      canSettle: true,
      canIssue: true,
      settleStep: { kind: 'invoice', thenSettle: true },
      isAllSettled: false,
    });
  });

  it('settles at once when every open row has its invoice; an issued sales row is not issued again', () => {
    const invoiced = { invoiceNumber: 'F/1', invoiceDate: '2026-03-05' };
    const rows = [{ ...purchase, ...invoiced }, { ...sales, ...invoiced }, transport];
    expect(truckSteps(rows)).toMatchObject({ canIssue: false, settleStep: { kind: 'settle' } });
  });

  it('offers nothing once every row is settled', () => {
    const rows = [purchase, sales, transport].map((row) => ({ ...row, status: 'SETTLED' as const }));
    expect(truckSteps(rows)).toMatchObject({ canSettle: false, isAllSettled: true });
    expect(truckRowsFor('settle', rows)).toEqual([]);
  });
});
