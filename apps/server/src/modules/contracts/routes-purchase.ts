import {
  ContractExportRequestSchema,
  ContractListRequestSchema,
  ContractorResponseSchema,
  ContractStatusResponseSchema,
  IdParamsSchema,
  PriceOptionListResponseSchema,
  PurchaseAgreementStatusRequestSchema,
  PurchaseCreateRequestSchema,
  PurchaseDashboardResponseSchema,
  PurchaseListResponseSchema,
  PurchaseStatusRequestSchema,
  PurchaseUpdateRequestSchema,
  SuccessResponseSchema,
  XLSX_CONTENT_TYPE,
} from '@grain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../../plugins/wire.js';
import { exportPurchaseList } from './export.js';
import { createPurchase } from './service/create.js';
import { deletePurchase } from './service/delete.js';
import * as read from './service/read.js';
import { changePurchaseAgreementStatus, changePurchaseStatus } from './service/status.js';
import { updatePurchase } from './service/update.js';

const ANY_ROLE = { roles: ['ADMIN', 'USER'] as const };
const tags = ['purchase contracts'];

/** spec/2 Purchase contracts (the allocation calls live in the allocations module). */
export function purchaseContractRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const dashboard = { 200: PurchaseDashboardResponseSchema };

  r.post(
    '/contract/create-purchase',
    { config: ANY_ROLE, schema: { tags, body: PurchaseCreateRequestSchema, response: dashboard } },
    (request) => createPurchase(request.ctx, request.body),
  );
  r.put(
    '/contract/update-purchase/:id',
    {
      config: ANY_ROLE,
      schema: { tags, params: IdParamsSchema, body: PurchaseUpdateRequestSchema, response: dashboard },
    },
    (request) => updatePurchase(request.ctx, request.params.id, request.body),
  );
  r.delete(
    '/contract/delete-purchase/:id',
    { config: ANY_ROLE, schema: { tags, params: IdParamsSchema, response: { 200: SuccessResponseSchema } } },
    (request) => deletePurchase(request.ctx, request.params.id),
  );

  const list = { 200: PurchaseListResponseSchema };
  r.get(
    '/contract/get-purchase-list',
    { config: ANY_ROLE, schema: { tags, querystring: ContractListRequestSchema, response: list } },
    (request) => read.listPurchases(request.ctx, request.query),
  );
  r.post(
    '/contract/get-purchase-list',
    { config: ANY_ROLE, schema: { tags, body: ContractListRequestSchema, response: list } },
    (request) => read.listPurchases(request.ctx, request.body),
  );

  const statusAnswer = { 200: ContractStatusResponseSchema };
  r.post(
    '/contract/update-purchase-status',
    { config: ANY_ROLE, schema: { tags, body: PurchaseStatusRequestSchema, response: statusAnswer } },
    (request) => changePurchaseStatus(request.ctx, request.body),
  );
  r.post(
    '/contract/update-purchase-agreement-status',
    { config: ANY_ROLE, schema: { tags, body: PurchaseAgreementStatusRequestSchema, response: statusAnswer } },
    (request) => changePurchaseAgreementStatus(request.ctx, request.body),
  );

  // A binary answer: no JSON response schema; the file is streamed as it is written.
  r.post(
    '/contract/export-purchase-list-to-excel',
    { config: ANY_ROLE, schema: { tags, body: ContractExportRequestSchema } },
    async (request, reply) => {
      const { fileName, stream } = await exportPurchaseList(request.ctx, request.body);
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .send(stream);
    },
  );

  r.get(
    '/contract/get-purchase-price-option-list/:id',
    {
      config: ANY_ROLE,
      schema: { tags, params: IdParamsSchema, response: { 200: PriceOptionListResponseSchema } },
    },
    (request) => read.purchasePriceOptionList(request.ctx, request.params.id),
  );
  r.get(
    '/contract/get-purchase-dashboard/:id',
    { config: ANY_ROLE, schema: { tags, params: IdParamsSchema, response: dashboard } },
    (request) => read.getPurchaseDashboard(request.ctx, request.params.id),
  );
  r.get(
    '/contract/get-purchase-supplier/:id',
    { config: ANY_ROLE, schema: { tags, params: IdParamsSchema, response: { 200: ContractorResponseSchema } } },
    (request) => read.purchaseSupplier(request.ctx, request.params.id),
  );
}
