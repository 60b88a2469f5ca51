/** The settlements module's service: what its routes and other modules call. */

export { bulkSetInvoice, bulkSettle } from './bulk.js';
export { contractSettlementTotals, hasUnsettledTransactions } from './contract-settlement.js';
export { setPurchaseInvoice, setSalesInvoice } from './invoice.js';
export { listPurchaseSettlements, listSalesSettlements, listTransactions } from './lists.js';
export { reallocatePurchaseSettlement, reallocateSalesSettlement } from './reallocate.js';
export { transactionRows } from './rows.js';
export { settlePurchase, settleSales, settleTransport } from './settle.js';
export { splitTransaction } from './split.js';
