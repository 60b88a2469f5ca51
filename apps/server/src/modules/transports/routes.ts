import {
  CanBeSetOnTheWayResponseSchema,
  IdParamsSchema,
  LastFreightRequestSchema,
  LastFreightResponseSchema,
  PurchaseToReallocateRequestSchema,
  ReallocateCandidateListResponseSchema,
  SalesToReallocateRequestSchema,
  SuccessResponseSchema,
  TransportCreateRequestSchema,
  TransportDecisionRequestSchema,
  TransportDeliveredRequestSchema,
  TransportDetailsResponseSchema,
  TransportFilterOptionListRequestSchema,
  TransportFilterOptionListResponseSchema,
  TransportFilterOptionsResponseSchema,
  TransportInProgressCreateRequestSchema,
  TransportListRequestSchema,
  TransportListResponseSchema,
  TransportReallocateRequestSchema,
  TransportResponseSchema,
  TransportStatusRequestSchema,
  TransportUpdateRequestSchema,
  VehicleClashRequestSchema,
  VehicleClashResponseSchema,
} from '@grain/shared';
import type { FastifyInstance } from 'fastify';
import { listRoute } from '../../plugins/list-route.js';
import type { ZodTypeProvider } from '../../plugins/wire.js';
import {
  canBeSetOnTheWay,
  createTransport,
  decideTransport,
  getLastFreight,
  getTransportDetails,
  getTransportFilterOptions,
  listPurchasesToReallocate,
  listSalesToReallocate,
  listTransportFilterOptions,
  listTransports,
  listVehicleClashes,
  reallocateTransport,
  removeTransport,
  setTransportDelivered,
  updateTransport,
  updateTransportStatus,
} from './service/index.js';

const ANY_ROLE = { roles: ['ADMIN', 'USER'] as const };
const tags = ['transports'];
const transportAnswer = { 200: TransportResponseSchema };

/** spec/2 Transports (get-to-assign-list and its filter options belong to the allocations module). */
export function transportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/transport/create',
    { config: ANY_ROLE, schema: { tags, body: TransportCreateRequestSchema, response: transportAnswer } },
    (request) => createTransport(request.ctx, request.body, 'NEW'),
  );
  r.post(
    '/transport/in-progress-create',
    { config: ANY_ROLE, schema: { tags, body: TransportInProgressCreateRequestSchema, response: transportAnswer } },
    (request) => createTransport(request.ctx, request.body, 'ON_THE_WAY'),
  );
  r.put(
    '/transport/update/:id',
    {
      config: ANY_ROLE,
      schema: { tags, params: IdParamsSchema, body: TransportUpdateRequestSchema, response: transportAnswer },
    },
    (request) => updateTransport(request.ctx, request.params.id, request.body),
  );
  r.delete(
    '/transport/remove/:id',
    { config: ANY_ROLE, schema: { tags, params: IdParamsSchema, response: { 200: SuccessResponseSchema } } },
    (request) => removeTransport(request.ctx, request.params.id),
  );
  r.get(
    '/transport/details/:id',
    {
      config: ANY_ROLE,
      schema: { tags, params: IdParamsSchema, response: { 200: TransportDetailsResponseSchema } },
    },
    (request) => getTransportDetails(request.ctx, request.params.id),
  );

  listRoute(
    app,
    '/transport/list',
    { ...ANY_ROLE, tags, params: TransportListRequestSchema, answer: TransportListResponseSchema },
    listTransports,
  );
  listRoute(
    app,
    '/transport/filter-option-list',
    {
      ...ANY_ROLE,
      tags,
      params: TransportFilterOptionListRequestSchema,
      answer: TransportFilterOptionListResponseSchema,
    },
    listTransportFilterOptions,
  );
  r.get(
    '/transport/get-filter-option',
    { config: ANY_ROLE, schema: { tags, response: { 200: TransportFilterOptionsResponseSchema } } },
    (request) => getTransportFilterOptions(request.ctx),
  );

  r.patch(
    '/transport/update-status',
    { config: ANY_ROLE, schema: { tags, body: TransportStatusRequestSchema, response: transportAnswer } },
    (request) => updateTransportStatus(request.ctx, request.body),
  );
  r.patch(
    '/transport/set-status-delivered/:id',
    {
      config: ANY_ROLE,
      schema: { tags, params: IdParamsSchema, body: TransportDeliveredRequestSchema, response: transportAnswer },
    },
    (request) => setTransportDelivered(request.ctx, request.params.id, request.body),
  );
  r.post(
    '/transport/decide/:id',
    {
      config: ANY_ROLE,
      schema: {
        tags,
        description:
          'A "do decyzji" unloading decided: ACCEPT (discount_per_ton off the flagged rows, added to their ' +
          'deductions), REJECT (RETURN_TO_CLIENT, the statement rows removed; reason required), REDIRECT (recorded; ' +
          'reason required, the sales row then moved on the statement). 400 VALIDATION_ERROR (reason, ' +
          'discount_per_ton); 404 TRANSPORT_NOT_FOUND; 409 TRANSPORT_NOT_TO_DECIDE, TRANSPORT_ALREADY_DECIDED, ' +
          'TRANSPORT_DECISION_ROWS_CLOSED (a row settled or invoiced)',
        params: IdParamsSchema,
        body: TransportDecisionRequestSchema,
        response: transportAnswer,
      },
    },
    (request) => decideTransport(request.ctx, request.params.id, request.body),
  );
  r.get(
    '/transport/check-if-can-be-set-on-the-way/:id',
    {
      config: ANY_ROLE,
      schema: { tags, params: IdParamsSchema, response: { 200: CanBeSetOnTheWayResponseSchema } },
    },
    (request) => canBeSetOnTheWay(request.ctx, request.params.id),
  );

  r.get(
    '/transport/vehicle-clashes',
    {
      config: ANY_ROLE,
      schema: { tags, querystring: VehicleClashRequestSchema, response: { 200: VehicleClashResponseSchema } },
    },
    (request) => listVehicleClashes(request.ctx, request.query),
  );

  r.get(
    '/transport/last-freight',
    {
      config: ANY_ROLE,
      schema: { tags, querystring: LastFreightRequestSchema, response: { 200: LastFreightResponseSchema } },
    },
    (request) => getLastFreight(request.ctx, request.query),
  );

  listRoute(
    app,
    '/transport/contract-to-reallocate',
    { ...ANY_ROLE, tags, params: SalesToReallocateRequestSchema, answer: ReallocateCandidateListResponseSchema },
    listSalesToReallocate,
  );
  listRoute(
    app,
    '/transport/purchase-contract-to-reallocate',
    { ...ANY_ROLE, tags, params: PurchaseToReallocateRequestSchema, answer: ReallocateCandidateListResponseSchema },
    listPurchasesToReallocate,
  );
  r.patch(
    '/transport/reallocate',
    { config: ANY_ROLE, schema: { tags, body: TransportReallocateRequestSchema, response: transportAnswer } },
    (request) => reallocateTransport(request.ctx, request.body),
  );
}
