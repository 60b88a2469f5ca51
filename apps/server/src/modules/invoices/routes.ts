import {
  CorrectInvoiceRequestSchema,
  CreateInvoiceRequestSchema,
  IdParamsSchema,
  InvoiceDetailsSchema,
  InvoiceExportRequestSchema,
  InvoiceListRequestSchema,
  InvoiceListResponseSchema,
  XLSX_CONTENT_TYPE,
} from '@grain/shared';
import type { FastifyInstance } from 'fastify';
import { sendPdfFile } from '../../lib/pdf/reply.js';
import type { ZodTypeProvider } from '../../plugins/wire.js';
import { exportInvoiceList } from './export.js';
import * as invoices from './service.js';
import { invoiceUpoFile } from './upo.js';

const ANY_ROLE = { roles: ['ADMIN', 'USER'] as const };
const tags = ['invoices'];

/** The refusals of each write, for the OpenAPI description (the catalogue codes with the fields they mark). */
const CREATE_ERRORS =
  'One sales invoice from statement rows of one buyer and currency. Refusals: 400 VALIDATION_ERROR, ' +
  'VALUE_IS_WRONG (transaction_ids: not SALES rows), VALUE_IS_MISSING (exchange_rate), 404 ' +
  'SETTLEMENT_NOT_FOUND, 409 INVOICE_ROWS_NOT_COMPATIBLE, INVOICE_ROW_ALREADY_INVOICED, VAT_RATE_MISSING, ' +
  'INVOICE_BUYER_ID_MISSING (nip), INVOICE_SETTINGS_MISSING (invoice_series, bank_account), INVOICE_XML_INVALID.';
const CORRECT_ERRORS =
  'A correction (KOR) of a sales invoice: per line position the corrected quantity (kg) and/or net price per ' +
  'tonne, or cancel_all. Refusals: 400 VALIDATION_ERROR (lines: noChange, duplicateItem, an unknown ' +
  'position; issue_date: beforeInvoiceDate), 404 INVOICE_NOT_FOUND, 409 INVOICE_NOT_CORRECTABLE (status: ' +
  'waiting for its KSeF number or rejected), INVOICE_SETTINGS_MISSING (correction_series), INVOICE_XML_INVALID.';

const CORRECT_SCHEMA = {
  tags,
  description: CORRECT_ERRORS,
  params: IdParamsSchema,
  body: CorrectInvoiceRequestSchema,
  response: { 200: InvoiceDetailsSchema },
};

/** Sales invoices issued from statement rows (RULES.md Invoices, VAT and KSeF). */
export function invoiceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/invoice/create',
    {
      config: ANY_ROLE,
      schema: {
        tags,
        description: CREATE_ERRORS,
        body: CreateInvoiceRequestSchema,
        response: { 200: InvoiceDetailsSchema },
      },
    },
    (request) => invoices.createInvoice(request.ctx, request.body),
  );
  r.post('/invoice/correct/:id', { config: ANY_ROLE, schema: CORRECT_SCHEMA }, (request) =>
    invoices.correctInvoice(request.ctx, request.params.id, request.body),
  );
  const listSchema = { tags, response: { 200: InvoiceListResponseSchema } };
  r.get(
    '/invoice/list',
    { config: ANY_ROLE, schema: { ...listSchema, querystring: InvoiceListRequestSchema } },
    (request) => invoices.listInvoices(request.ctx, request.query),
  );
  r.post('/invoice/list', { config: ANY_ROLE, schema: { ...listSchema, body: InvoiceListRequestSchema } }, (request) =>
    invoices.listInvoices(request.ctx, request.body),
  );
  // The list as a spreadsheet; a binary answer streamed as it is written, like the other lists' exports.
  r.post(
    '/invoice/export-list-to-excel',
    { config: ANY_ROLE, schema: { tags, body: InvoiceExportRequestSchema } },
    async (request, reply) => {
      const { fileName, stream } = await exportInvoiceList(request.ctx, request.body);
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .send(stream);
    },
  );
  r.get(
    '/invoice/details/:id',
    { config: ANY_ROLE, schema: { tags, params: IdParamsSchema, response: { 200: InvoiceDetailsSchema } } },
    (request) => invoices.invoiceDetails(request.ctx, request.params.id),
  );
  r.post(
    '/invoice/send-to-ksef/:id',
    { config: ANY_ROLE, schema: { tags, params: IdParamsSchema, response: { 200: InvoiceDetailsSchema } } },
    (request) => invoices.sendToKsef(request.ctx, request.params.id),
  );
  invoiceFileRoutes(app);
}

/** The stored documents of an invoice: its FA(3) XML, KSeF's UPO and the PDF, each a file answer. */
function invoiceFileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/invoice/xml/:id',
    // The stored FA(3) bytes as they are (application/xml): no JSON response schema.
    { config: { ...ANY_ROLE, fileType: 'application/xml' }, schema: { tags, params: IdParamsSchema } },
    async (request, reply) => {
      const xml = await invoices.invoiceXmlBytes(request.ctx, request.params.id);
      return reply.type('application/xml; charset=utf-8').send(xml);
    },
  );
  r.get(
    '/invoice/upo/:id',
    // KSeF's receipt as stored (application/xml); 409 INVOICE_UPO_MISSING until KSeF has accepted the invoice.
    { config: { ...ANY_ROLE, fileType: 'application/xml', canRefuse: true }, schema: { tags, params: IdParamsSchema } },
    async (request, reply) => {
      const { fileName, xml } = await invoiceUpoFile(request.ctx, request.params.id);
      return reply
        .type('application/xml; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .send(xml);
    },
  );
  r.get(
    '/invoice/pdf/:id',
    // A binary answer (application/pdf): no JSON response schema, like the transport order's PDF.
    { config: { ...ANY_ROLE, fileType: 'application/pdf' }, schema: { tags, params: IdParamsSchema } },
    async (request, reply) => {
      return sendPdfFile(reply, await invoices.invoicePdfFile(request.ctx, request.params.id));
    },
  );
}
