import {
  BulkInvoiceRequestSchema,
  BulkSettlementResponseSchema,
  BulkSettleRequestSchema,
  ContractSettlementListResponseSchema,
  PurchaseSettlementListRequestSchema,
  ReallocatePurchaseSettlementRequestSchema,
  ReallocateSalesSettlementRequestSchema,
  SalesSettlementListRequestSchema,
  SetInvoiceRequestSchema,
  SettleRequestSchema,
  SplitRequestSchema,
  SplitResponseSchema,
  TransactionExportRequestSchema,
  TransactionListRequestSchema,
  TransactionListResponseSchema,
  TransactionRowSchema,
  XLSX_CONTENT_TYPE,
} from '@grain/shared';
import type { FastifyInstance } from 'fastify';
import { listRoute } from '../../plugins/list-route.js';
import type { ZodTypeProvider } from '../../plugins/wire.js';
import { exportTransactionStatement } from './export.js';
import * as settlements from './service/index.js';

const ANY_ROLE = { roles: ['ADMIN', 'USER'] as const };
const tags = ['settlements'];

/** RULES.md "Settlement calls": the statement list and every settlement call, all for ADMIN and USER. */
export function settlementRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Lists answer GET (query string, filter as JSON text) and POST (JSON body), ARCHITECTURE.md The API.
  listRoute(
    app,
    '/settlement/transaction-list',
    { ...ANY_ROLE, tags, params: TransactionListRequestSchema, answer: TransactionListResponseSchema },
    settlements.listTransactions,
  );
  // The statement as a spreadsheet; a binary answer streamed as it is written, like the contract lists'.
  r.post(
    '/contract/export-transaction-statement-to-excel',
    { config: ANY_ROLE, schema: { tags, body: TransactionExportRequestSchema } },
    async (request, reply) => {
      const { fileName, stream } = await exportTransactionStatement(request.ctx, request.body);
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .send(stream);
    },
  );

  listRoute(
    app,
    '/contract/settlement-purchase-list',
    { ...ANY_ROLE, tags, params: PurchaseSettlementListRequestSchema, answer: ContractSettlementListResponseSchema },
    settlements.listPurchaseSettlements,
  );
  listRoute(
    app,
    '/contract/settlement-sales-list',
    { ...ANY_ROLE, tags, params: SalesSettlementListRequestSchema, answer: ContractSettlementListResponseSchema },
    settlements.listSalesSettlements,
  );

  const invoiceSchema = { tags, body: SetInvoiceRequestSchema, response: { 200: TransactionRowSchema } };
  r.post('/contract/settlement-set-purchase-invoice', { config: ANY_ROLE, schema: invoiceSchema }, (request) =>
    settlements.setPurchaseInvoice(request.ctx, request.body),
  );
  r.post('/contract/settlement-set-sales-invoice', { config: ANY_ROLE, schema: invoiceSchema }, (request) =>
    settlements.setSalesInvoice(request.ctx, request.body),
  );

  const settleSchema = { tags, body: SettleRequestSchema, response: { 200: TransactionRowSchema } };
  r.post('/contract/settlement-purchase', { config: ANY_ROLE, schema: settleSchema }, (request) =>
    settlements.settlePurchase(request.ctx, request.body),
  );
  r.post('/contract/settlement-sales', { config: ANY_ROLE, schema: settleSchema }, (request) =>
    settlements.settleSales(request.ctx, request.body),
  );
  r.post('/contract/settlement-transport', { config: ANY_ROLE, schema: settleSchema }, (request) =>
    settlements.settleTransport(request.ctx, request.body),
  );

  // Several rows in one all-or-nothing call; each row checked by its single call's rules.
  const bulkResponse = { 200: BulkSettlementResponseSchema };
  r.post(
    '/contract/settlement-bulk-invoice',
    { config: ANY_ROLE, schema: { tags, body: BulkInvoiceRequestSchema, response: bulkResponse } },
    (request) => settlements.bulkSetInvoice(request.ctx, request.body),
  );
  r.post(
    '/contract/settlement-bulk-settle',
    { config: ANY_ROLE, schema: { tags, body: BulkSettleRequestSchema, response: bulkResponse } },
    (request) => settlements.bulkSettle(request.ctx, request.body),
  );

  r.post(
    '/contract/settlement-split',
    { config: ANY_ROLE, schema: { tags, body: SplitRequestSchema, response: { 200: SplitResponseSchema } } },
    (request) => settlements.splitTransaction(request.ctx, request.body),
  );

  r.post(
    '/contract/settlement-reallocate-purchase',
    {
      config: ANY_ROLE,
      schema: { tags, body: ReallocatePurchaseSettlementRequestSchema, response: { 200: TransactionRowSchema } },
    },
    (request) => settlements.reallocatePurchaseSettlement(request.ctx, request.body),
  );
  r.post(
    '/contract/settlement-reallocate',
    {
      config: ANY_ROLE,
      schema: { tags, body: ReallocateSalesSettlementRequestSchema, response: { 200: TransactionRowSchema } },
    },
    (request) => settlements.reallocateSalesSettlement(request.ctx, request.body),
  );
}
