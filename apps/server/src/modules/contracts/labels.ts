import type { AgreementStatus, ContractStatus } from '@grain/shared';

/** Polish names of the statuses for mail and export (the same words as apps/web/src/i18n/pl.ts). */
export const CONTRACT_STATUS_PL: Readonly<Record<ContractStatus, string>> = {
  NEW: 'Nowy',
  NEXT_SEASON: 'Następny sezon',
  ACTIVE: 'Aktywny',
  TO_SETTLEMENT: 'Do rozliczenia',
  CLOSED: 'Zamknięty',
  CANCELLED: 'Anulowany',
};

export const AGREEMENT_STATUS_PL: Readonly<Record<AgreementStatus, string>> = {
  EMPTY: 'Brak umowy',
  TO_SIGN: 'Do podpisu',
  SIGNED: 'Podpisana',
};
