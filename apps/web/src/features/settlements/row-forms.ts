import {
  CONTRACT_STATUSES,
  type ContractStatus,
  type PurchaseListItem,
  positiveId,
  type ReallocatePurchaseSettlementRequest,
  ReallocatePurchaseSettlementRequestSchema,
  type ReallocateSalesSettlementRequest,
  ReallocateSalesSettlementRequestSchema,
  type SalesListItem,
  SetInvoiceRequestSchema,
  SplitRequestSchema,
  type TransactionRow,
  todayIso,
  tonnesToKg,
  V,
} from '@grain/shared';
import { z } from 'zod';
import { effectiveQuantityKg } from './row-figures';

// --- Set invoice -------------------------------------------------------------------------------------------------

export interface InvoiceFormValues extends Record<string, unknown> {
  transactionId: number;
  invoiceNumber: string;
  invoiceDate: string | null;
  paymentDate: string | null;
}

/**
 * Setting the invoice again overwrites it, so the form starts from what the row has; a row without an invoice
 * dates it today (the invoice is usually typed the day it arrives).
 */
export function invoiceDefaults(row: TransactionRow, today = todayIso()): InvoiceFormValues {
  return {
    transactionId: row.id,
    invoiceNumber: row.invoiceNumber ?? '',
    invoiceDate: row.invoiceDate ?? today,
    paymentDate: row.paymentDate,
  };
}

/** The wire shape is the form shape: the shared schema validates it as it is. */
export const invoiceFormSchema = SetInvoiceRequestSchema;

// --- Split -------------------------------------------------------------------------------------------------------

export interface SplitFormValues extends Record<string, unknown> {
  /** Tonnes to split off. */
  quantity: number | null;
}

const requiredNumber = z.number({ error: (issue) => (issue.input == null ? V.required : V.wrongType) });

/** RULES.md Settlements, Split: 0 < quantity < the row's quantity (kg on the wire). */
export function splitFormSchema(row: TransactionRow) {
  return z
    .object({ quantity: requiredNumber })
    .transform((values) => ({ transactionId: row.id, quantity: tonnesToKg(values.quantity) }))
    .pipe(
      SplitRequestSchema.refine((request) => request.quantity < effectiveQuantityKg(row), {
        path: ['quantity'],
        message: V.tooBig,
      }),
    );
}

/** The two quantities after the split (kg), or null while the typed quantity cannot be split off. */
export function splitQuantities(row: TransactionRow, tonnes: number | null) {
  if (tonnes === null) return null;
  const whole = effectiveQuantityKg(row);
  const createdKg = tonnesToKg(tonnes);
  if (!(createdKg > 0 && createdKg < whole)) return null;
  return { remainingKg: whole - createdKg, createdKg };
}

// --- Move to another contract ---------------------------------------------------------------------------------------

export interface MoveFormValues extends Record<string, unknown> {
  contractId: number | null;
}

export type MoveRequest =
  | { kind: 'PURCHASE'; body: ReallocatePurchaseSettlementRequest }
  | { kind: 'SALES'; body: ReallocateSalesSettlementRequest };

/** A PURCHASE row moves to a purchase contract (purchaseId), a SALES row to a sales contract (salesId). */
export function moveFormSchema(row: TransactionRow) {
  return z.object({ contractId: positiveId }).transform((values): MoveRequest => {
    if (row.type === 'PURCHASE') {
      return {
        kind: 'PURCHASE',
        body: ReallocatePurchaseSettlementRequestSchema.parse({ transactionId: row.id, purchaseId: values.contractId }),
      };
    }
    return {
      kind: 'SALES',
      body: ReallocateSalesSettlementRequestSchema.parse({ transactionId: row.id, salesId: values.contractId }),
    };
  });
}

/** RULES.md Settlements, Move (rules.ts moveRefusal): a CLOSED or CANCELLED contract cannot take an unsettled row. */
export const MOVE_TARGET_STATUSES: ContractStatus[] = CONTRACT_STATUSES.filter(
  (status) => status !== 'CLOSED' && status !== 'CANCELLED',
);

type ContractListItem = PurchaseListItem | SalesListItem;

const counterpartyOf = (item: ContractListItem) => ('supplierId' in item ? item.supplierId : item.recipientId);

/**
 * The contract list filter has no counterparty key (ContractListFilterSchema), so the same counterparty and
 * currency are kept here; the raw material is filtered by the server. The row's own contract is left out.
 */
export function moveCandidates<T extends ContractListItem>(row: TransactionRow, list: T[]): T[] {
  return list.filter(
    (item) =>
      counterpartyOf(item) === row.contractorId &&
      item.currency === row.currency &&
      item.id !== row.contractId &&
      MOVE_TARGET_STATUSES.includes(item.status),
  );
}

// --- Qualities of the row's raw material -------------------------------------------------------------------------

interface RawMaterialQualities {
  id: number;
  qualities: { id: number; title: string }[];
}

/**
 * The statement row names its qualities but not its raw material: it is the raw material that holds the row's
 * real (else planned) quality. Null for a TRANSPORT row, which has no quality.
 */
export function rawMaterialOfRow(
  rawMaterials: RawMaterialQualities[] | undefined,
  row: Pick<TransactionRow, 'realQualityId' | 'plannedQualityId' | 'finalQualityId'>,
): RawMaterialQualities | null {
  const qualityId = row.finalQualityId ?? row.realQualityId ?? row.plannedQualityId;
  if (!qualityId || !rawMaterials) return null;
  return rawMaterials.find((material) => material.qualities.some((quality) => quality.id === qualityId)) ?? null;
}
