import {
  AllocateContractRequestSchema,
  AllocatedPurchaseListResponseSchema,
  AllocatedSalesListResponseSchema,
  AllocatedValueRequestSchema,
  AllocatedValueResponseSchema,
  AllocationContractListRequestSchema,
  AllocationResponseSchema,
  IdParamsSchema,
  PurchaseToAllocateListResponseSchema,
  ToAssignFilterOptionsResponseSchema,
  ToAssignListRequestSchema,
  ToAssignListResponseSchema,
} from '@grain/shared';
import type { FastifyInstance } from 'fastify';
import { listRoute } from '../../plugins/list-route.js';
import type { ZodTypeProvider } from '../../plugins/wire.js';
import * as allocations from './service.js';

const ANY_ROLE = { roles: ['ADMIN', 'USER'] as const };
const tags = ['allocations'];

/** spec/2 allocation calls (Purchase and Sales contracts) and the allocations page (Transports). */
export function allocationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/contract/allocate-contract/:id',
    {
      config: ANY_ROLE,
      schema: {
        tags,
        params: IdParamsSchema,
        body: AllocateContractRequestSchema,
        response: { 200: AllocationResponseSchema },
      },
    },
    (request) => allocations.allocateContract(request.ctx, request.params.id, request.body),
  );

  r.post(
    '/contract/get-allocated-value',
    {
      config: ANY_ROLE,
      schema: { tags, body: AllocatedValueRequestSchema, response: { 200: AllocatedValueResponseSchema } },
    },
    (request) => allocations.getAllocatedValue(request.ctx, request.body),
  );

  // Every list path takes GET with a query string and POST with a body (ARCHITECTURE.md, The API).
  const contractLists = [
    {
      path: '/contract/get-purchase-contract-to-allocate/:id',
      response: PurchaseToAllocateListResponseSchema,
      list: allocations.listPurchasesToAllocate,
    },
    // spec/2's table (RULES.md Allocations): a purchase id answers its sales, a sales id its purchases.
    {
      path: '/contract/get-purchase-allocated-contract/:id',
      response: AllocatedSalesListResponseSchema,
      list: allocations.listAllocatedSales,
    },
    {
      path: '/contract/get-allocated-sales/:id',
      response: AllocatedPurchaseListResponseSchema,
      list: allocations.listAllocatedPurchases,
    },
  ] as const;
  for (const { path, response, list } of contractLists) {
    const schema = { tags, params: IdParamsSchema, response: { 200: response } };
    r.get(
      path,
      { config: ANY_ROLE, schema: { ...schema, querystring: AllocationContractListRequestSchema } },
      (request) => list(request.ctx, request.params.id, request.query),
    );
    r.post(path, { config: ANY_ROLE, schema: { ...schema, body: AllocationContractListRequestSchema } }, (request) =>
      list(request.ctx, request.params.id, request.body),
    );
  }

  listRoute(
    app,
    '/transport/get-to-assign-list',
    { ...ANY_ROLE, tags, params: ToAssignListRequestSchema, answer: ToAssignListResponseSchema },
    allocations.listToAssign,
  );
  r.get(
    '/transport/get-to-assign-filter-option',
    { config: ANY_ROLE, schema: { tags, response: { 200: ToAssignFilterOptionsResponseSchema } } },
    (request) => allocations.getToAssignFilterOptions(request.ctx),
  );
}
