import {
  ContractorCreateRequestSchema,
  ContractorListRequestSchema,
  ContractorListResponseSchema,
  ContractorOptionListResponseSchema,
  ContractorResultResponseSchema,
  ContractorSelectedOptionListResponseSchema,
  ContractorUpdateRequestSchema,
  IdParamsSchema,
  PlainListRequestSchema,
  SelectedOptionsRequestSchema,
  SuccessResponseSchema,
} from '@grain/shared';
import type { FastifyInstance } from 'fastify';
import { listRoute } from '../../plugins/list-route.js';
import type { ZodTypeProvider } from '../../plugins/wire.js';
import * as contractors from './service.js';

const ANY_ROLE = { roles: ['ADMIN', 'USER'] as const };
const tags = ['contractors'];

export function contractorRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  listRoute(
    app,
    '/dictionary/contractor/list',
    { ...ANY_ROLE, tags, params: ContractorListRequestSchema, answer: ContractorListResponseSchema },
    contractors.listContractors,
  );

  listRoute(
    app,
    '/dictionary/contractor/option-list',
    { ...ANY_ROLE, tags, params: PlainListRequestSchema, answer: ContractorOptionListResponseSchema },
    contractors.contractorOptionList,
  );

  listRoute(
    app,
    '/dictionary/contractor/selected-option-list',
    { ...ANY_ROLE, tags, params: SelectedOptionsRequestSchema, answer: ContractorSelectedOptionListResponseSchema },
    (ctx, params) => contractors.selectedContractorOptions(ctx, params.includeIds),
  );

  r.post(
    '/dictionary/contractor/create',
    {
      config: ANY_ROLE,
      schema: { tags, body: ContractorCreateRequestSchema, response: { 200: ContractorResultResponseSchema } },
    },
    (request) => contractors.createContractor(request.ctx, request.body),
  );
  r.get(
    '/dictionary/contractor/get-one/:id',
    { config: ANY_ROLE, schema: { tags, params: IdParamsSchema, response: { 200: ContractorResultResponseSchema } } },
    (request) => contractors.getContractor(request.ctx, request.params.id),
  );
  r.put(
    '/dictionary/contractor/update/:id',
    {
      config: ANY_ROLE,
      schema: {
        tags,
        params: IdParamsSchema,
        body: ContractorUpdateRequestSchema,
        response: { 200: ContractorResultResponseSchema },
      },
    },
    (request) => contractors.updateContractor(request.ctx, request.params.id, request.body),
  );
  r.delete(
    '/dictionary/contractor/delete/:id',
    { config: ANY_ROLE, schema: { tags, params: IdParamsSchema, response: { 200: SuccessResponseSchema } } },
    (request) => contractors.deleteContractor(request.ctx, request.params.id),
  );
}
