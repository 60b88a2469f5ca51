import {
  CreateExchangeRateRequestSchema,
  ExchangeRateListRequestSchema,
  ExchangeRateListResponseSchema,
  ExchangeRateSchema,
  FetchExchangeRateRequestSchema,
  ImportExchangeRatesRequestSchema,
  ImportExchangeRatesResponseSchema,
} from '@grain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../../plugins/wire.js';
import * as rates from './service.js';

/** Whoever issues invoices (invoice/create: ADMIN and USER) reads and keeps the rates those invoices need. */
const INVOICE_ROLES = { roles: ['ADMIN', 'USER'] as const };
const tags = ['exchange-rates'];

/** NBP mid rates for foreign-currency invoices (RULES.md Invoices, VAT and KSeF). */
export function exchangeRateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const listSchema = {
    tags,
    description: 'NBP mid rates (× 10 000), newest day first; filter by currency and effective_date {from, to}.',
    response: { 200: ExchangeRateListResponseSchema },
  };
  r.get(
    '/exchange-rate/list',
    { config: INVOICE_ROLES, schema: { ...listSchema, querystring: ExchangeRateListRequestSchema } },
    (request) => rates.listExchangeRates(request.ctx, request.query),
  );
  r.post(
    '/exchange-rate/list',
    { config: INVOICE_ROLES, schema: { ...listSchema, body: ExchangeRateListRequestSchema } },
    (request) => rates.listExchangeRates(request.ctx, request.body),
  );
  r.post(
    '/exchange-rate/create',
    {
      config: INVOICE_ROLES,
      schema: {
        tags,
        description:
          'A mid rate typed from NBP table A. Refusals: 400 EXCHANGE_RATE_DATE_NOT_BUSINESS_DAY (effective_date), ' +
          '409 EXCHANGE_RATE_ALREADY_EXISTS (effective_date; a stored rate is never overwritten).',
        body: CreateExchangeRateRequestSchema,
        response: { 200: ExchangeRateSchema },
      },
    },
    (request) => rates.createExchangeRate(request.ctx, request.body),
  );
  r.post(
    '/exchange-rate/import',
    {
      config: INVOICE_ROLES,
      schema: {
        tags,
        description:
          'An NBP file as text: API JSON (tables/A array or rates/A/{code} form) or the archive CSV (`data;1USD;1EUR…`, ' +
          'RRRRMMDD days, decimal commas). EUR and USD are kept, in one transaction: added, unchanged (same rate ' +
          'stored) and conflicts (another rate stored: listed, not overwritten). Refusal: 400 ' +
          'EXCHANGE_RATE_FILE_INVALID (content; nothing is stored).',
        body: ImportExchangeRatesRequestSchema,
        response: { 200: ImportExchangeRatesResponseSchema },
      },
    },
    (request) => rates.importExchangeRates(request.ctx, request.body),
  );
  r.post(
    '/exchange-rate/fetch',
    {
      config: INVOICE_ROLES,
      schema: {
        tags,
        description:
          "One day's mid rate from NBP's public API (NBP_API_URL, 5 s time-out), stored. Refusals: 400 " +
          'EXCHANGE_RATE_DATE_NOT_BUSINESS_DAY, 409 EXCHANGE_RATE_ALREADY_EXISTS, 409 NBP_RATE_NOT_PUBLISHED ' +
          '(NBP has no table of that day), 409 NBP_API_UNREACHABLE (no answer from NBP).',
        body: FetchExchangeRateRequestSchema,
        response: { 200: ExchangeRateSchema },
      },
    },
    (request) => rates.fetchExchangeRate(request.ctx, request.body),
  );
}
