/** Enumerations of spec/1 section 3. */
export const USER_ROLES = ['ADMIN', 'USER'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const CONTRACT_TYPES = ['PURCHASE', 'SALES'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

export const CONTRACT_STATUSES = ['NEW', 'NEXT_SEASON', 'ACTIVE', 'TO_SETTLEMENT', 'CLOSED', 'CANCELLED'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const AGREEMENT_STATUSES = ['EMPTY', 'TO_SIGN', 'SIGNED'] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

export const FREIGHTS = ['FCA', 'CPT'] as const;
export type Freight = (typeof FREIGHTS)[number];

export const TRANSPORT_STATUSES = ['NEW', 'ON_THE_WAY', 'DELIVERED', 'RETURN_TO_CLIENT', 'CANCELLED'] as const;
export type TransportStatus = (typeof TRANSPORT_STATUSES)[number];

export const TRANSACTION_KINDS = ['PURCHASE', 'SALES', 'TRANSPORT'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export const SETTLEMENT_STATUSES = ['TO_SETTLEMENT', 'SETTLED'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

export const CURRENCIES = ['PLN', 'EUR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const TOLERANCE_TYPES = ['BUYER', 'SELLER'] as const;
export type ToleranceType = (typeof TOLERANCE_TYPES)[number];

export const TOLERANCE_UNITS = ['T', 'PERCENT'] as const;
export type ToleranceUnit = (typeof TOLERANCE_UNITS)[number];

export const CONTRACTOR_LABELS = ['FIRMA', 'GR'] as const;
export type ContractorLabel = (typeof CONTRACTOR_LABELS)[number];

export const ACCOUNTING_METHODS = ['VAT', 'RR'] as const;
export type AccountingMethod = (typeof ACCOUNTING_METHODS)[number];

export const GENDERS = ['female', 'male'] as const;
export type Gender = (typeof GENDERS)[number];

export const PARAM_TYPES = ['boolean', 'number', 'string'] as const;
export type ParamType = (typeof PARAM_TYPES)[number];

/** States of an e-mail in the outbox (the mail worker's own; not shown in the spec). */
export const MAIL_STATUSES = ['PENDING', 'SENT', 'FAILED'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const APP_VERSION = '0.0.37';

/**
 * spec/2 section 9: the status button's confirmation delay and the filter button's lock. The confirm button of a
 * status change becomes active this long after its dialog opens, and a filter just applied cannot be applied again
 * sooner, so a double click never does a thing twice.
 */
export const ACTION_LOCK_MS = 600;

/** spec/1 General list behaviour: the page sizes a list offers. */
export const PAGE_SIZES = [10, 25, 50] as const;

/** spec/1 Logistics: the tabs of the logistics page. */
export const TRANSPORT_TABS = ['all', 'active', 'delivered'] as const;
export type TransportTab = (typeof TRANSPORT_TABS)[number];
