import type { ContractType, MessageCode } from '@grain/shared';

/** What differs between the purchase and the sales side of the one contracts table. */
export interface ContractKind {
  type: ContractType;
  /** audit_log.entity of this kind's entries. */
  auditEntity: 'purchase_contract' | 'sales_contract';
  counterpartyNotFound: MessageCode;
  /** RULES.md Contracts: CANCELLED and CLOSED refused while a transport is NEW or ON_THE_WAY. */
  inTransport: MessageCode;
  /** "kontrakt zakupu" / "kontrakt sprzedaży", for mail and export texts. */
  namePl: string;
}

export const PURCHASE: ContractKind = {
  type: 'PURCHASE',
  auditEntity: 'purchase_contract',
  counterpartyNotFound: 'PURCHASE_SUPPLIER_NOT_FOUND',
  inTransport: 'PURCHASE_CONTRACT_IS_IN_TRANSPORT',
  namePl: 'kontrakt zakupu',
};

export const SALES: ContractKind = {
  type: 'SALES',
  auditEntity: 'sales_contract',
  counterpartyNotFound: 'RECIPIENT_NOT_FOUND',
  inTransport: 'SALE_CONTRACT_IS_IN_TRANSPORT',
  namePl: 'kontrakt sprzedaży',
};
