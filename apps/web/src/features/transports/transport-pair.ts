import type { ToAssignRow, TransportResponse } from '@grain/shared';

/** The allocation pair a transport moves goods of, as the transport dialogs show it. */
export interface TransportPairView {
  purchaseNumber: string;
  supplierCode: string;
  supplierName?: string | null;
  saleNumber: string;
  recipientCode: string;
  recipientName?: string | null;
  /** Loading and unloading place ("60-001 Poznań"), when the opener knows them. */
  from?: string | null;
  to?: string | null;
  /** Tonnes (kg) of the pair's allocation not yet in delivery or delivered, when the opener knows them. */
  toPickUpKg?: number | null;
}

const place = (address: { postCode?: string | null; city?: string | null } | null | undefined) =>
  [address?.postCode, address?.city].filter(Boolean).join(' ') || null;

export function pairOfTransport(transport: TransportResponse): TransportPairView {
  return {
    purchaseNumber: transport.purchaseSupplier.documentNumber,
    supplierCode: transport.purchaseSupplier.code,
    supplierName: transport.purchaseSupplier.name,
    saleNumber: transport.salesRecipient.documentNumber,
    recipientCode: transport.salesRecipient.code,
    recipientName: transport.salesRecipient.name,
    from: place(transport.loadingAddress),
    to: place(transport.unloadingAddress),
  };
}

/** The allocations page row: it knows both addresses and what is left to pick up. */
export function pairOfToAssignRow(row: ToAssignRow): TransportPairView {
  return {
    purchaseNumber: row.purchaseAgreementDocumentNumber,
    supplierCode: row.purchaseSupplierCode,
    supplierName: row.purchaseSupplierName,
    saleNumber: row.salesAgreementDocumentNumber,
    recipientCode: row.salesRecipientCode,
    recipientName: row.salesRecipientName,
    from: place(row.purchaseAddress),
    to: place(row.salesAddress),
    toPickUpKg: row.toDeliver,
  };
}
