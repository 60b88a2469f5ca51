import {
  CreateRrInvoiceRequestSchema,
  IdParamsSchema,
  RrCorrectionRequestSchema,
  RrInvoiceListRequestSchema,
  RrInvoiceListResponseSchema,
  RrInvoiceSchema,
  RrPaymentImportRequestSchema,
  RrPaymentImportResponseSchema,
  RrPaymentRequestSchema,
} from '@grain/shared';
import type { FastifyInstance } from 'fastify';
import { sendPdfFile } from '../../lib/pdf/reply.js';
import type { ZodTypeProvider } from '../../plugins/wire.js';
import { importRrPayments } from './bank-statement/import.js';
import * as rr from './service/index.js';

const ANY_ROLE = { roles: ['ADMIN', 'USER'] as const };
const tags = ['rr-invoices'];

/** VAT RR invoices for flat-rate farmers (RULES.md Invoices, VAT and KSeF, VAT RR). */
export function rrInvoiceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/rr-invoice/create',
    { config: ANY_ROLE, schema: { tags, body: CreateRrInvoiceRequestSchema, response: { 200: RrInvoiceSchema } } },
    (request) => rr.createRrInvoice(request.ctx, request.body),
  );
  const listSchema = { tags, response: { 200: RrInvoiceListResponseSchema } };
  r.get(
    '/rr-invoice/list',
    { config: ANY_ROLE, schema: { ...listSchema, querystring: RrInvoiceListRequestSchema } },
    (request) => rr.listRrInvoices(request.ctx, request.query),
  );
  r.post(
    '/rr-invoice/list',
    { config: ANY_ROLE, schema: { ...listSchema, body: RrInvoiceListRequestSchema } },
    (request) => rr.listRrInvoices(request.ctx, request.body),
  );
  r.get(
    '/rr-invoice/details/:id',
    { config: ANY_ROLE, schema: { tags, params: IdParamsSchema, response: { 200: RrInvoiceSchema } } },
    (request) => rr.rrInvoiceDetails(request.ctx, request.params.id),
  );
  r.post(
    '/rr-invoice/payment/:id',
    {
      config: ANY_ROLE,
      schema: { tags, params: IdParamsSchema, body: RrPaymentRequestSchema, response: { 200: RrInvoiceSchema } },
    },
    (request) => rr.recordRrPayment(request.ctx, request.params.id, request.body),
  );
  r.post(
    '/rr-invoice/correct/:id',
    {
      config: ANY_ROLE,
      schema: { tags, params: IdParamsSchema, body: RrCorrectionRequestSchema, response: { 200: RrInvoiceSchema } },
    },
    (request) => rr.correctRrInvoice(request.ctx, request.params.id, request.body),
  );
  r.post(
    '/rr-invoice/send-to-ksef/:id',
    { config: ANY_ROLE, schema: { tags, params: IdParamsSchema, response: { 200: RrInvoiceSchema } } },
    (request) => rr.sendRrToKsef(request.ctx, request.params.id),
  );
  r.get(
    '/rr-invoice/upo/:id',
    // KSeF's receipt as stored (application/xml); 409 INVOICE_UPO_MISSING until KSeF has accepted the invoice.
    { config: { ...ANY_ROLE, fileType: 'application/xml', canRefuse: true }, schema: { tags, params: IdParamsSchema } },
    async (request, reply) => {
      const { fileName, xml } = await rr.rrInvoiceUpoFile(request.ctx, request.params.id);
      return reply
        .type('application/xml; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .send(xml);
    },
  );
  r.post(
    '/rr-invoice/payment-import',
    {
      config: ANY_ROLE,
      // A 1 MB statement as base64 is 4/3 of that.
      bodyLimit: 1_500_000,
      schema: {
        tags,
        description:
          'A bank statement (MT940, or the CSV of mBank; UTF-8 or Windows-1250) as base64: outgoing transfers are ' +
          "matched to RR invoices by the RR number in the title and the farmer's account and recorded as payments in " +
          'one transaction; a transfer recorded before is listed as already recorded. Refusal: 400 ' +
          'BANK_STATEMENT_INVALID (content_base64; the message names the line; nothing is stored).',
        body: RrPaymentImportRequestSchema,
        response: { 200: RrPaymentImportResponseSchema },
      },
    },
    (request) => importRrPayments(request.ctx, request.body),
  );
  r.get(
    '/rr-invoice/xml/:id',
    // The stored FA_RR bytes as they are (application/xml): no JSON response schema.
    { config: ANY_ROLE, schema: { tags, params: IdParamsSchema } },
    async (request, reply) => {
      const xml = await rr.rrInvoiceXmlBytes(request.ctx, request.params.id);
      return reply.type('application/xml; charset=utf-8').send(xml);
    },
  );
  r.get(
    '/rr-invoice/pdf/:id',
    // A binary answer (application/pdf): no JSON response schema, like the sales invoice's PDF.
    { config: ANY_ROLE, schema: { tags, params: IdParamsSchema } },
    async (request, reply) => {
      return sendPdfFile(reply, await rr.rrInvoicePdfFile(request.ctx, request.params.id));
    },
  );
}
