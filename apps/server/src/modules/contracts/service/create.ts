import {
  CONTRACT_CREATE_STATUS,
  formatDocumentNumber,
  type PurchaseCreateRequest,
  type SalesCreateRequest,
} from '@grain/shared';
import type { Db } from '../../../db/client.js';
import { shareLockContractors, withWriteTransaction } from '../../../db/locks.js';
import { audit } from '../../../lib/audit.js';
import type { Ctx } from '../../../lib/context.js';
import { AppError, isUniqueViolation } from '../../../lib/errors.js';
import { checkPurchasePrice, recordPriceDeviation } from '../../price-lists/index.js';
import { type ContractKind, PURCHASE, SALES } from '../kinds.js';
import * as q from '../queries/writes.js';
import { documentYear } from '../rules.js';
import {
  additionalOptionValues,
  type ContractInput,
  contactValues,
  contractValues,
  fromPurchaseRequest,
  fromSalesRequest,
  mainOptionValues,
} from './input.js';
import { notifyCreated } from './notify.js';
import { withEachQualityTerms } from './quality-terms.js';
import { loadPurchaseDashboard, loadSalesDashboard } from './read.js';
import { assertReferences, resolveCounterparty } from './references.js';

/** RULES.md Contracts: a document number is unique per kind (the unique index is the guard, not a pre-check). */
export function rethrowDuplicateNumber(error: unknown): never {
  if (isUniqueViolation(error, 'contracts_document_number_key')) throw new AppError('DOCUMENT_NUMBER_IS_DUPLICATED');
  throw error;
}

/** Writes the contract, its options and contacts, the audit entry and the mail in the caller's transaction. */
async function insertContract(
  ctx: Ctx,
  tx: Db,
  kind: ContractKind,
  input: ContractInput,
  priceNote?: string | null,
): Promise<number> {
  // spec/1 section 4: a new contract starts as NEW (the create schemas refuse any other status).
  const status = CONTRACT_CREATE_STATUS;
  await assertReferences(tx, input);
  // db/locks.ts: the counterparty (copied onto the contract) held against a rename until the insert commits.
  await shareLockContractors(tx, [input.counterpartyId]);
  const counterparty = await resolveCounterparty(ctx, tx, kind, input);
  // CONTRIBUTING.md Price lists: a purchase priced away from the day's list needs a note, kept with the contract.
  const deviation =
    priceNote === undefined
      ? null
      : await checkPurchasePrice(tx, {
          rawMaterialQualityId: input.mainCargoOption.rawMaterialQualityId,
          supplierId: counterparty.id,
          price: input.mainCargoOption.price,
          currency: input.currency,
          note: priceNote,
        });
  const year = documentYear();
  const documentNumber =
    input.documentNumber ??
    (await q.nextDocumentNumber(tx, kind.type, year, (n) => formatDocumentNumber(kind.type, year, n)));
  const values = { ...contractValues(input, counterparty.id), documentNumber };
  const id = await q.insertContract(tx, {
    ...values,
    type: kind.type,
    status,
    agreementStatus: input.agreementStatus ?? 'EMPTY',
    createdBy: ctx.user.id,
  });
  const options = await withEachQualityTerms(tx, [
    mainOptionValues(input),
    ...input.additionalCargoOption.map(additionalOptionValues),
  ]);
  const contacts = input.contactList.map(contactValues);
  await q.insertPriceOptions(tx, id, options);
  await q.insertContacts(tx, id, contacts);
  if (deviation) await recordPriceDeviation(ctx, tx, id, deviation);
  await audit(tx, ctx.user.id, kind.auditEntity, id, 'create', {
    ...values,
    status,
    agreementStatus: input.agreementStatus ?? 'EMPTY',
    priceOptions: options,
    contactList: contacts,
  });
  await notifyCreated(tx, kind, ctx.user, {
    documentNumber,
    emailNotificationList: input.emailNotificationList,
    cargoQuantityKg: input.cargoQuantity,
    status,
    counterpartyCode: counterparty.code,
  });
  return id;
}

/** Tries of a create whose automatic number was taken meanwhile by a hand-given one (RULES.md Contracts). */
const AUTOMATIC_NUMBER_TRIES = 5;

/**
 * One create in its own transaction. The next automatic number is checked against committed contracts only, so a
 * hand-given number committed at the same moment can take it; the create then runs again with the next number
 * (found by the races suite, test/trust). A duplicate number the caller gave is DOCUMENT_NUMBER_IS_DUPLICATED.
 */
async function createContract<T>(
  ctx: Ctx,
  kind: ContractKind,
  input: ContractInput,
  load: (tx: Db, id: number) => Promise<T>,
  priceNote?: string | null,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await withWriteTransaction(ctx.db, async (tx) =>
        load(tx, await insertContract(ctx, tx, kind, input, priceNote)),
      );
    } catch (error) {
      const isAutomaticNumberTaken =
        input.documentNumber === null && isUniqueViolation(error, 'contracts_document_number_key');
      if (!isAutomaticNumberTaken || attempt >= AUTOMATIC_NUMBER_TRIES) rethrowDuplicateNumber(error);
    }
  }
}

export function createPurchase(ctx: Ctx, body: PurchaseCreateRequest) {
  return createContract(ctx, PURCHASE, fromPurchaseRequest(body), loadPurchaseDashboard, body.priceListNote ?? null);
}

export function createSales(ctx: Ctx, body: SalesCreateRequest) {
  return createContract(ctx, SALES, fromSalesRequest(body), loadSalesDashboard);
}
