import type { Readable } from 'node:stream';
import {
  type ContractExportRequest,
  ContractExportRequestSchema,
  type ContractListRequest,
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
  SalesAgreementStatusRequestSchema,
  SalesCreateRequestSchema,
  SalesDashboardResponseSchema,
  SalesListResponseSchema,
  SalesStatusRequestSchema,
  SalesUpdateRequestSchema,
  SuccessResponseSchema,
  XLSX_CONTENT_TYPE,
} from '@grain/shared';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { ZodType, z } from 'zod';
import type { Ctx } from '../../lib/context.js';
import { listRoute } from '../../plugins/list-route.js';
import { exportPurchaseList, exportSalesList } from './export.js';
import { createPurchase, createSales } from './service/create.js';
import { deletePurchase, deleteSales } from './service/delete.js';
import * as read from './service/read.js';
import {
  changePurchaseAgreementStatus,
  changePurchaseStatus,
  changeSalesAgreementStatus,
  changeSalesStatus,
} from './service/status.js';
import { updatePurchase, updateSales } from './service/update.js';

const ANY_ROLE = { roles: ['ADMIN', 'USER'] as const };

type Answer<Schema extends ZodType> = Promise<z.input<Schema>>;

/**
 * What differs between the purchase and the sales calls of spec/2 (the paths' word, the counterparty, the request
 * and answer schemas, the service functions); `contractSide` checks each handler against its schemas here, where
 * the side is declared, so that `sideRoutes` registers both sides from one definition.
 */
interface ContractSide<
  Create extends ZodType,
  Update extends ZodType,
  Status extends ZodType,
  Agreement extends ZodType,
  Dashboard extends ZodType,
  List extends ZodType,
> {
  /** The word in the paths: /contract/create-purchase, /contract/get-sales-list, ... */
  side: 'purchase' | 'sales';
  counterparty: 'supplier' | 'recipient';
  tag: string;
  schemas: { create: Create; update: Update; status: Status; agreement: Agreement; dashboard: Dashboard; list: List };
  create: (ctx: Ctx, body: z.output<Create>) => Answer<Dashboard>;
  update: (ctx: Ctx, id: number, body: z.output<Update>) => Answer<Dashboard>;
  remove: (ctx: Ctx, id: number) => Answer<typeof SuccessResponseSchema>;
  list: (ctx: Ctx, request: ContractListRequest) => Answer<List>;
  changeStatus: (ctx: Ctx, body: z.output<Status>) => Answer<typeof ContractStatusResponseSchema>;
  changeAgreementStatus: (ctx: Ctx, body: z.output<Agreement>) => Answer<typeof ContractStatusResponseSchema>;
  exportList: (ctx: Ctx, request: ContractExportRequest) => Promise<{ fileName: string; stream: Readable }>;
  priceOptions: (ctx: Ctx, id: number) => Answer<typeof PriceOptionListResponseSchema>;
  dashboard: (ctx: Ctx, id: number) => Answer<Dashboard>;
  counterpartyOf: (ctx: Ctx, id: number) => Answer<typeof ContractorResponseSchema>;
}

// biome-ignore lint/suspicious/noExplicitAny: the registration reads a side of either kind; `contractSide` typed it.
type AnySide = ContractSide<any, any, any, any, any, any>;

const contractSide = <
  Create extends ZodType,
  Update extends ZodType,
  Status extends ZodType,
  Agreement extends ZodType,
  Dashboard extends ZodType,
  List extends ZodType,
>(
  side: ContractSide<Create, Update, Status, Agreement, Dashboard, List>,
): AnySide => side;

const PURCHASE_SIDE = contractSide({
  side: 'purchase',
  counterparty: 'supplier',
  tag: 'purchase contracts',
  schemas: {
    create: PurchaseCreateRequestSchema,
    update: PurchaseUpdateRequestSchema,
    status: PurchaseStatusRequestSchema,
    agreement: PurchaseAgreementStatusRequestSchema,
    dashboard: PurchaseDashboardResponseSchema,
    list: PurchaseListResponseSchema,
  },
  create: createPurchase,
  update: updatePurchase,
  remove: deletePurchase,
  list: read.listPurchases,
  changeStatus: changePurchaseStatus,
  changeAgreementStatus: changePurchaseAgreementStatus,
  exportList: exportPurchaseList,
  priceOptions: read.purchasePriceOptionList,
  dashboard: read.getPurchaseDashboard,
  counterpartyOf: read.purchaseSupplier,
});

const SALES_SIDE = contractSide({
  side: 'sales',
  counterparty: 'recipient',
  tag: 'sales contracts',
  schemas: {
    create: SalesCreateRequestSchema,
    update: SalesUpdateRequestSchema,
    status: SalesStatusRequestSchema,
    agreement: SalesAgreementStatusRequestSchema,
    dashboard: SalesDashboardResponseSchema,
    list: SalesListResponseSchema,
  },
  create: createSales,
  update: updateSales,
  remove: deleteSales,
  list: read.listSales,
  changeStatus: changeSalesStatus,
  changeAgreementStatus: changeSalesAgreementStatus,
  exportList: exportSalesList,
  priceOptions: read.salesPriceOptionList,
  dashboard: read.getSalesDashboard,
  counterpartyOf: read.salesRecipient,
});

interface IdRequest {
  Params: { id: number };
}

/** spec/2 Purchase contracts or Sales contracts: the calls of one side (the allocation calls live in allocations). */
function sideRoutes(app: FastifyInstance, s: AnySide) {
  const tags = [s.tag];
  const dashboard = { 200: s.schemas.dashboard };
  const statusAnswer = { 200: ContractStatusResponseSchema };
  // The schemas validate and serialise as on any route (plugins/wire.ts); the handlers' types were checked by
  // `contractSide`.
  const schema = (route: FastifySchema): FastifySchema => ({ tags, ...route });
  const byId = (route: FastifySchema) => schema({ params: IdParamsSchema, ...route });

  app.post(
    `/contract/create-${s.side}`,
    { config: ANY_ROLE, schema: schema({ body: s.schemas.create, response: dashboard }) },
    (request) => s.create(request.ctx, request.body),
  );
  app.put<IdRequest>(
    `/contract/update-${s.side}/:id`,
    { config: ANY_ROLE, schema: byId({ body: s.schemas.update, response: dashboard }) },
    (request) => s.update(request.ctx, request.params.id, request.body),
  );
  app.delete<IdRequest>(
    `/contract/delete-${s.side}/:id`,
    { config: ANY_ROLE, schema: byId({ response: { 200: SuccessResponseSchema } }) },
    (request) => s.remove(request.ctx, request.params.id),
  );

  listRoute(
    app,
    `/contract/get-${s.side}-list`,
    { ...ANY_ROLE, tags, params: ContractListRequestSchema, answer: s.schemas.list },
    s.list,
  );

  app.post(
    `/contract/update-${s.side}-status`,
    { config: ANY_ROLE, schema: schema({ body: s.schemas.status, response: statusAnswer }) },
    (request) => s.changeStatus(request.ctx, request.body),
  );
  app.post(
    `/contract/update-${s.side}-agreement-status`,
    { config: ANY_ROLE, schema: schema({ body: s.schemas.agreement, response: statusAnswer }) },
    (request) => s.changeAgreementStatus(request.ctx, request.body),
  );

  // A binary answer: no JSON response schema; the file is streamed as it is written.
  app.post<{ Body: ContractExportRequest }>(
    `/contract/export-${s.side}-list-to-excel`,
    { config: ANY_ROLE, schema: schema({ body: ContractExportRequestSchema }) },
    async (request, reply) => {
      const { fileName, stream } = await s.exportList(request.ctx, request.body);
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .send(stream);
    },
  );

  app.get<IdRequest>(
    `/contract/get-${s.side}-price-option-list/:id`,
    { config: ANY_ROLE, schema: byId({ response: { 200: PriceOptionListResponseSchema } }) },
    (request) => s.priceOptions(request.ctx, request.params.id),
  );
  app.get<IdRequest>(
    `/contract/get-${s.side}-dashboard/:id`,
    { config: ANY_ROLE, schema: byId({ response: dashboard }) },
    (request) => s.dashboard(request.ctx, request.params.id),
  );
  app.get<IdRequest>(
    `/contract/get-${s.side}-${s.counterparty}/:id`,
    { config: ANY_ROLE, schema: byId({ response: { 200: ContractorResponseSchema } }) },
    (request) => s.counterpartyOf(request.ctx, request.params.id),
  );
}

/** spec/2 Purchase contracts and Sales contracts, one definition for both sides. */
export function contractSideRoutes(app: FastifyInstance) {
  sideRoutes(app, PURCHASE_SIDE);
  sideRoutes(app, SALES_SIDE);
}
