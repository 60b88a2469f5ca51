import {
  CreateVariantRequestSchema,
  CreateVatRateRequestSchema,
  IdParamsSchema,
  PlainListRequestSchema,
  QualityOptionListResponseSchema,
  QualityOptionsResponseSchema,
  QualityParamsResponseSchema,
  QualityParamsUpdateRequestSchema,
  QualitySchema,
  RawMaterialListResponseSchema,
  RawMaterialWithQualitiesListResponseSchema,
  TransitToleranceRequestSchema,
  TransitToleranceResponseSchema,
  VatRateListResponseSchema,
  VatRateSchema,
} from '@grain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../../plugins/wire.js';
import * as cargo from './service.js';
import * as transit from './transit-tolerance.js';
import * as vatRates from './vat-rates.js';

const ANY_ROLE = { roles: ['ADMIN', 'USER'] as const };
const ADMIN = { roles: ['ADMIN'] as const };
const tags = ['cargo'];

/**
 * spec/2 Cargo. The sale quality options (`/cargo/sales-quality-option-list/{salesId}`) come with the sales
 * contracts, whose table does not exist yet.
 */
export function cargoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rawMaterialsSchema = { tags, response: { 200: RawMaterialListResponseSchema } };

  r.get('/cargo/list', { config: ANY_ROLE, schema: rawMaterialsSchema }, (request) =>
    cargo.listRawMaterials(request.ctx),
  );
  r.get('/cargo/tabs', { config: ANY_ROLE, schema: rawMaterialsSchema }, (request) =>
    cargo.listRawMaterials(request.ctx),
  );
  r.get(
    '/cargo/list-with-qualities',
    { config: ANY_ROLE, schema: { tags, response: { 200: RawMaterialWithQualitiesListResponseSchema } } },
    (request) => cargo.listRawMaterialsWithQualities(request.ctx),
  );
  r.get(
    '/cargo/get-all-quality-option/:id',
    { config: ANY_ROLE, schema: { tags, params: IdParamsSchema, response: { 200: QualityOptionsResponseSchema } } },
    (request) => cargo.allQualityOptions(request.ctx, request.params.id),
  );

  const qualityOptionSchema = { tags, params: IdParamsSchema, response: { 200: QualityOptionListResponseSchema } };
  r.get(
    '/cargo/quality-option-list/:id',
    { config: ANY_ROLE, schema: { ...qualityOptionSchema, querystring: PlainListRequestSchema } },
    (request) => cargo.qualityOptionList(request.ctx, request.params.id, request.query),
  );
  r.post(
    '/cargo/quality-option-list/:id',
    { config: ANY_ROLE, schema: { ...qualityOptionSchema, body: PlainListRequestSchema } },
    (request) => cargo.qualityOptionList(request.ctx, request.params.id, request.body),
  );

  r.post(
    '/cargo/create-variant',
    { config: ANY_ROLE, schema: { tags, body: CreateVariantRequestSchema, response: { 200: QualitySchema } } },
    (request) => cargo.createVariant(request.ctx, request.body),
  );

  r.get(
    '/cargo/params/:id',
    { config: ANY_ROLE, schema: { tags, params: IdParamsSchema, response: { 200: QualityParamsResponseSchema } } },
    (request) => cargo.getQualityParams(request.ctx, request.params.id),
  );
  r.put(
    '/cargo/params/:id',
    {
      config: ANY_ROLE,
      schema: {
        tags,
        params: IdParamsSchema,
        body: QualityParamsUpdateRequestSchema,
        response: { 200: QualityParamsResponseSchema },
      },
    },
    (request) => cargo.updateQualityParams(request.ctx, request.params.id, request.body),
  );

  // RULES.md Invoices, VAT and KSeF: dated VAT rates, set by an ADMIN in the cargo params screen.
  r.get(
    '/cargo/vat-rate-list',
    { config: ANY_ROLE, schema: { tags, response: { 200: VatRateListResponseSchema } } },
    (request) => vatRates.listVatRates(request.ctx),
  );
  r.post(
    '/cargo/vat-rate/create',
    { config: ADMIN, schema: { tags, body: CreateVatRateRequestSchema, response: { 200: VatRateSchema } } },
    (request) => vatRates.createVatRate(request.ctx, request.body),
  );
  const toleranceSchema = { tags, params: IdParamsSchema, response: { 200: TransitToleranceResponseSchema } };
  r.get('/cargo/transit-tolerance/:id', { config: ANY_ROLE, schema: toleranceSchema }, (request) =>
    transit.getTransitTolerance(request.ctx, request.params.id),
  );
  r.put(
    '/cargo/transit-tolerance/:id',
    { config: ADMIN, schema: { ...toleranceSchema, body: TransitToleranceRequestSchema } },
    (request) => transit.setTransitTolerance(request.ctx, request.params.id, request.body.transitToleranceBp),
  );
}
