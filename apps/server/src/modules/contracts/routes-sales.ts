import {
  ContractExportRequestSchema,
  ContractListRequestSchema,
  ContractorResponseSchema,
  ContractStatusResponseSchema,
  IdParamsSchema,
  PriceOptionListResponseSchema,
  SalesAgreementStatusRequestSchema,
  SalesCreateRequestSchema,
  SalesDashboardResponseSchema,
  SalesListResponseSchema,
  SalesStatusRequestSchema,
  SalesUpdateRequestSchema,
  SuccessResponseSchema,
  XLSX_CONTENT_TYPE,
} from '@grain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../../plugins/wire.js';
import { exportSalesList } from './export.js';
import { createSales } from './service/create.js';
import { deleteSales } from './service/delete.js';
import * as read from './service/read.js';
import { changeSalesAgreementStatus, changeSalesStatus } from './service/status.js';
import { updateSales } from './service/update.js';

const ANY_ROLE = { roles: ['ADMIN', 'USER'] as const };
const tags = ['sales contracts'];

/** spec/2 Sales contracts (the allocation calls live in the allocations module). */
export function salesContractRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const dashboard = { 200: SalesDashboardResponseSchema };

  r.post(
    '/contract/create-sales',
    { config: ANY_ROLE, schema: { tags, body: SalesCreateRequestSchema, response: dashboard } },
    (request) => createSales(request.ctx, request.body),
  );
  r.put(
    '/contract/update-sales/:id',
    {
      config: ANY_ROLE,
      schema: { tags, params: IdParamsSchema, body: SalesUpdateRequestSchema, response: dashboard },
    },
    (request) => updateSales(request.ctx, request.params.id, request.body),
  );
  r.delete(
    '/contract/delete-sales/:id',
    { config: ANY_ROLE, schema: { tags, params: IdParamsSchema, response: { 200: SuccessResponseSchema } } },
    (request) => deleteSales(request.ctx, request.params.id),
  );

  const list = { 200: SalesListResponseSchema };
  r.get(
    '/contract/get-sales-list',
    { config: ANY_ROLE, schema: { tags, querystring: ContractListRequestSchema, response: list } },
    (request) => read.listSales(request.ctx, request.query),
  );
  r.post(
    '/contract/get-sales-list',
    { config: ANY_ROLE, schema: { tags, body: ContractListRequestSchema, response: list } },
    (request) => read.listSales(request.ctx, request.body),
  );

  const statusAnswer = { 200: ContractStatusResponseSchema };
  r.post(
    '/contract/update-sales-status',
    { config: ANY_ROLE, schema: { tags, body: SalesStatusRequestSchema, response: statusAnswer } },
    (request) => changeSalesStatus(request.ctx, request.body),
  );
  r.post(
    '/contract/update-sales-agreement-status',
    { config: ANY_ROLE, schema: { tags, body: SalesAgreementStatusRequestSchema, response: statusAnswer } },
    (request) => changeSalesAgreementStatus(request.ctx, request.body),
  );

  // A binary answer: no JSON response schema; the file is streamed as it is written.
  r.post(
    '/contract/export-sales-list-to-excel',
    { config: ANY_ROLE, schema: { tags, body: ContractExportRequestSchema } },
    async (request, reply) => {
      const { fileName, stream } = await exportSalesList(request.ctx, request.body);
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .send(stream);
    },
  );

  r.get(
    '/contract/get-sales-price-option-list/:id',
    {
      config: ANY_ROLE,
      schema: { tags, params: IdParamsSchema, response: { 200: PriceOptionListResponseSchema } },
    },
    (request) => read.salesPriceOptionList(request.ctx, request.params.id),
  );
  r.get(
    '/contract/get-sales-dashboard/:id',
    { config: ANY_ROLE, schema: { tags, params: IdParamsSchema, response: dashboard } },
    (request) => read.getSalesDashboard(request.ctx, request.params.id),
  );
  r.get(
    '/contract/get-sales-recipient/:id',
    { config: ANY_ROLE, schema: { tags, params: IdParamsSchema, response: { 200: ContractorResponseSchema } } },
    (request) => read.salesRecipient(request.ctx, request.params.id),
  );
}
