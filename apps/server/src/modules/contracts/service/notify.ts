import { type ContractStatus, formatTonnes } from '@grain/shared';
import type { Db } from '../../../db/client.js';
import type { SessionUser } from '../../../lib/context.js';
import { enqueueMail } from '../../mail/service.js';
import type { ContractKind } from '../kinds.js';
import { CONTRACT_STATUS_PL } from '../labels.js';

interface NotifiedContract {
  documentNumber: string;
  emailNotificationList: string[];
}

const author = (user: SessionUser) => `${user.firstName} ${user.lastName}`;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** RULES.md Contracts: on create an e-mail goes to the contract's notification list, in the create's transaction. */
export async function notifyCreated(
  db: Db,
  kind: ContractKind,
  user: SessionUser,
  contract: NotifiedContract & { status: ContractStatus; counterpartyCode: string; cargoQuantityKg: number },
) {
  await enqueueMail(db, {
    to: contract.emailNotificationList,
    subject: `Nowy ${kind.namePl} ${contract.documentNumber}`,
    body: [
      `Utworzono ${kind.namePl} ${contract.documentNumber}.`,
      `Kontrahent: ${contract.counterpartyCode}`,
      `Ilość: ${formatTonnes(contract.cargoQuantityKg)}`,
      `Status: ${CONTRACT_STATUS_PL[contract.status]}`,
      `Utworzył(a): ${author(user)}`,
    ].join('\n'),
  });
}

/** RULES.md Contracts: every status change is mailed to the contract's notification list. */
export async function notifyStatusChanged(
  db: Db,
  kind: ContractKind,
  user: SessionUser,
  contract: NotifiedContract,
  from: ContractStatus,
  to: ContractStatus,
) {
  await enqueueMail(db, {
    to: contract.emailNotificationList,
    subject: `${capitalised(kind.namePl)} ${contract.documentNumber}: zmiana statusu na ${CONTRACT_STATUS_PL[to]}`,
    body: [
      `${capitalised(kind.namePl)} ${contract.documentNumber}`,
      `Status zmieniony z „${CONTRACT_STATUS_PL[from]}” na „${CONTRACT_STATUS_PL[to]}”.`,
      `Zmienił(a): ${author(user)}`,
    ].join('\n'),
  });
}
