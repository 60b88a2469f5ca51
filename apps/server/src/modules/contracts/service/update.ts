import {
  MAX_ADDITIONAL_CARGO_OPTIONS,
  MAX_CONTRACT_CONTACTS,
  type PurchaseUpdateRequest,
  type SalesUpdateRequest,
  toleranceUpperLimitKg,
} from '@grain/shared';
import type { Db } from '../../../db/client.js';
import { refreshContractCopies } from '../../../db/copies.js';
import { shareLockContractors, withWriteTransaction } from '../../../db/locks.js';
import { audit, diff } from '../../../lib/audit.js';
import { childChanges, planChildren } from '../../../lib/child-plan.js';
import type { Ctx } from '../../../lib/context.js';
import { AppError } from '../../../lib/errors.js';
import { checkPurchasePrice, recordPriceDeviation } from '../../price-lists/index.js';
import { type ContractKind, PURCHASE, SALES } from '../kinds.js';
import { overDeliveriesOf, type PriceOptionRow, priceOptionsOf } from '../queries/details.js';
import * as q from '../queries/writes.js';
import { rethrowDuplicateNumber } from './create.js';
import {
  additionalOptionValues,
  type ContractInput,
  contactValues,
  contractValues,
  fromPurchaseRequest,
  fromSalesRequest,
  mainOptionValues,
} from './input.js';
import { notifyStatusChanged } from './notify.js';
import { withEachQualityTerms, withQualityTerms } from './quality-terms.js';
import { loadPurchaseDashboard, loadSalesDashboard } from './read.js';
import { assertReferences, resolveCounterparty } from './references.js';
import { assertStatusChange } from './status.js';

/** RULES.md Contracts: what allocations already hold limits how quantity and raw material may change. */
async function assertAllocationsStillFit(tx: Db, kind: ContractKind, before: q.LockedContract, input: ContractInput) {
  const { hasAllocation } = await q.usageOf(tx, kind.type, before.id);
  if (hasAllocation && input.rawMaterialId !== before.rawMaterialId) throw new AppError('CONTRACT_IS_NOT_COMPATIBLE');
  // Allocations may reach the upper tolerance limit, so that limit (the quantity without tolerance) is the floor.
  const upperLimitKg = toleranceUpperLimitKg({
    cargoQuantityKg: input.cargoQuantity,
    isTolerance: input.isTolerance,
    toleranceUnit: input.toleranceUnit ?? null,
    toleranceQuantity: input.toleranceQuantity ?? null,
  });
  // RULES.md Transports, Delivered: kilograms over-delivered beyond the limit do not count against the new terms.
  const { overDelivered } = await overDeliveriesOf(tx, kind.type, before.id);
  if (upperLimitKg < before.allocatedKg - overDelivered) throw new AppError('ALLOCATE_QUANTITY_IS_TO_BIG');
}

async function updateChildren(tx: Db, id: number, input: ContractInput, optionsBefore: PriceOptionRow[]) {
  const { optionIds, contactIds } = await q.childIdsOf(tx, id);
  const beforeOf = (optionId: number) => optionsBefore.find((option) => option.id === optionId);
  const mainBefore = optionsBefore.find((option) => option.isMainOption);
  const optionPlan = planChildren(
    'additional_cargo_option',
    optionIds,
    input.additionalCargoOptionDelete,
    input.additionalCargoOption,
    MAX_ADDITIONAL_CARGO_OPTIONS,
  );
  const contactPlan = planChildren(
    'contact_list',
    contactIds,
    input.contactListDelete,
    input.contactList,
    MAX_CONTRACT_CONTACTS,
  );
  const { isMainOption: _main, ...mainAfter } = await withQualityTerms(tx, mainOptionValues(input), mainBefore);
  await q.updateMainPriceOption(tx, id, { ...mainAfter, isMainOption: true });
  await q.deletePriceOptions(tx, id, optionPlan.deleteIds);
  for (const option of optionPlan.updated) {
    const values = await withQualityTerms(tx, additionalOptionValues(option), beforeOf(option.id));
    await q.updatePriceOption(tx, id, option.id, values);
  }
  await q.insertPriceOptions(tx, id, await withEachQualityTerms(tx, optionPlan.added.map(additionalOptionValues)));
  await q.deleteContacts(tx, id, contactPlan.deleteIds);
  for (const contact of contactPlan.updated) await q.updateContact(tx, id, contact.id, contactValues(contact));
  await q.insertContacts(tx, id, contactPlan.added.map(contactValues));
  return {
    mainAfter: { ...mainAfter, qualityTerms: mainAfter.qualityTerms ?? mainBefore?.qualityTerms },
    changes: { ...childChanges('additionalCargoOption', optionPlan), ...childChanges('contactList', contactPlan) },
  };
}

/**
 * CONTRIBUTING.md Price lists: a purchase whose main price or quality is changed is checked against today's list as a
 * new one is; a price left as it was is not asked about again, whatever the list says today.
 */
async function checkChangedPurchasePrice(
  tx: Db,
  input: ContractInput,
  supplierId: number,
  mainBefore: PriceOptionRow | undefined,
  priceNote: string | null,
) {
  const main = input.mainCargoOption;
  const isChanged = main.price !== mainBefore?.price || main.rawMaterialQualityId !== mainBefore?.rawMaterialQualityId;
  if (!isChanged) return null;
  return checkPurchasePrice(tx, {
    rawMaterialQualityId: main.rawMaterialQualityId,
    supplierId,
    price: main.price,
    currency: input.currency,
    note: priceNote,
  });
}

async function updateContract(
  ctx: Ctx,
  tx: Db,
  kind: ContractKind,
  id: number,
  input: ContractInput,
  priceNote?: string | null,
) {
  // db/locks.ts: the counterparty (copied onto the contract and its copies) before the contract.
  await shareLockContractors(tx, [input.counterpartyId]);
  const before = await q.lockContractOfKind(tx, kind.type, id);
  if (!before) throw new AppError('CONTRACT_NOT_FOUND');
  await assertReferences(tx, input);
  const counterparty = await resolveCounterparty(ctx, tx, kind, input);
  await assertAllocationsStillFit(tx, kind, before, input);
  const status = input.status ?? before.status;
  if (status !== before.status) await assertStatusChange(tx, kind, before, status);

  const optionsBefore = await priceOptionsOf(tx, id);
  const [mainBefore] = optionsBefore;
  const deviation =
    priceNote === undefined
      ? null
      : await checkChangedPurchasePrice(
          tx,
          input,
          counterparty.id,
          optionsBefore.find((option) => option.isMainOption),
          priceNote,
        );
  const values = {
    ...contractValues(input, counterparty.id),
    // spec/1 section 5: the number is optional on edit; left empty, the contract keeps its number.
    documentNumber: input.documentNumber ?? before.documentNumber,
    status,
    agreementStatus: input.agreementStatus ?? before.agreementStatus,
  };
  await q.updateContract(tx, id, values);
  // Allocations, transports and transactions list by copies of the number and counterparty (db/copies.ts).
  if (values.documentNumber !== before.documentNumber || values.counterpartyId !== before.counterpartyId) {
    await refreshContractCopies(tx, id);
  }
  const { mainAfter, changes: childrenChanges } = await updateChildren(tx, id, input, optionsBefore);
  if (deviation) await recordPriceDeviation(ctx, tx, id, deviation);
  await audit(tx, ctx.user.id, kind.auditEntity, id, 'update', {
    ...diff(before, values),
    ...diff({ mainCargoOption: mainBefore && pickOption(mainBefore) }, { mainCargoOption: mainAfter }),
    ...childrenChanges,
  });
  if (status !== before.status) {
    await notifyStatusChanged(tx, kind, ctx.user, { ...before, ...values }, before.status, status);
  }
}

const pickOption = (option: Awaited<ReturnType<typeof priceOptionsOf>>[number]) => ({
  price: option.price,
  rawMaterialQualityId: option.rawMaterialQualityId,
  isContractualQuality: option.isContractualQuality,
  contractualQuality: option.contractualQuality,
  qualityTerms: option.qualityTerms,
});

export async function updatePurchase(ctx: Ctx, id: number, body: PurchaseUpdateRequest) {
  try {
    return await withWriteTransaction(ctx.db, async (tx) => {
      await updateContract(ctx, tx, PURCHASE, id, fromPurchaseRequest(body), body.priceListNote ?? null);
      return loadPurchaseDashboard(tx, id);
    });
  } catch (error) {
    rethrowDuplicateNumber(error);
  }
}

export async function updateSales(ctx: Ctx, id: number, body: SalesUpdateRequest) {
  try {
    return await withWriteTransaction(ctx.db, async (tx) => {
      await updateContract(ctx, tx, SALES, id, fromSalesRequest(body));
      return loadSalesDashboard(tx, id);
    });
  } catch (error) {
    rethrowDuplicateNumber(error);
  }
}
