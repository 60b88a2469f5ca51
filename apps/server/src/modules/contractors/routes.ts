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
import type { ZodTypeProvider } from '../../plugins/wire.js';
import * as contractors from './service.js';

const ANY_ROLE = { roles: ['ADMIN', 'USER'] as const };
const tags = ['contractors'];

export function contractorRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const listSchema = { tags, response: { 200: ContractorListResponseSchema } };
  r.get(
    '/dictionary/contractor/list',
    { config: ANY_ROLE, schema: { ...listSchema, querystring: ContractorListRequestSchema } },
    (request) => contractors.listContractors(request.ctx, request.query),
  );
  r.post(
    '/dictionary/contractor/list',
    { config: ANY_ROLE, schema: { ...listSchema, body: ContractorListRequestSchema } },
    (request) => contractors.listContractors(request.ctx, request.body),
  );

  const optionSchema = { tags, response: { 200: ContractorOptionListResponseSchema } };
  r.get(
    '/dictionary/contractor/option-list',
    { config: ANY_ROLE, schema: { ...optionSchema, querystring: PlainListRequestSchema } },
    (request) => contractors.contractorOptionList(request.ctx, request.query),
  );
  r.post(
    '/dictionary/contractor/option-list',
    { config: ANY_ROLE, schema: { ...optionSchema, body: PlainListRequestSchema } },
    (request) => contractors.contractorOptionList(request.ctx, request.body),
  );

  const selectedSchema = { tags, response: { 200: ContractorSelectedOptionListResponseSchema } };
  r.get(
    '/dictionary/contractor/selected-option-list',
    { config: ANY_ROLE, schema: { ...selectedSchema, querystring: SelectedOptionsRequestSchema } },
    (request) => contractors.selectedContractorOptions(request.ctx, request.query.includeIds),
  );
  r.post(
    '/dictionary/contractor/selected-option-list',
    { config: ANY_ROLE, schema: { ...selectedSchema, body: SelectedOptionsRequestSchema } },
    (request) => contractors.selectedContractorOptions(request.ctx, request.body.includeIds),
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
