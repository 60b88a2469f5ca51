import {
  AssignReceivedInvoiceRequestSchema,
  IdParamsSchema,
  ReceivedInvoiceDetailsSchema,
  ReceivedInvoiceListRequestSchema,
  ReceivedInvoiceListResponseSchema,
  ReceivedInvoiceNoteRequestSchema,
} from '@grain/shared';
import type { FastifyInstance } from 'fastify';
import { sendPdfFile } from '../../lib/pdf/reply.js';
import type { ZodTypeProvider } from '../../plugins/wire.js';
import * as received from './service.js';

const ANY_ROLE = { roles: ['ADMIN', 'USER'] as const };
const tags = ['received-invoices'];

/** The refusals of each call, for the OpenAPI description (the catalogue codes with the fields they mark). */
const LIST_ERRORS =
  'Received invoices (fetched from KSeF), newest first; filter.status: MATCHED, TO_ASSIGN, DIFFERENCE, HIDDEN. ' +
  'Refusals: 400 VALIDATION_ERROR.';
const DETAILS_ERRORS =
  'One received invoice with its lines, the rows linked to it and its seller’s open rows (suggested first). ' +
  'Refusals: 400 VALIDATION_ERROR, 404 RECEIVED_INVOICE_NOT_FOUND.';
const PDF_ERRORS =
  'The received invoice’s stored XML as KSeF’s visualisation shows it (seller, buyer, lines, totals), as a PDF. ' +
  'Refusals: 400 VALIDATION_ERROR, 404 RECEIVED_INVOICE_NOT_FOUND, 409 RECEIVED_INVOICE_UNREADABLE (its XML could ' +
  'not be read), 500 EXPORT_ERROR, 503 PDF_SERVICE_BUSY.';
const ASSIGN_ERRORS =
  'Links PURCHASE or TRANSPORT rows of the invoice’s seller to it, filling their invoice number and date where none ' +
  'was typed; MATCHED once the rows bill its net total (1 grosz a row). Refusals: 400 VALIDATION_ERROR, 404 ' +
  'RECEIVED_INVOICE_NOT_FOUND, SETTLEMENT_NOT_FOUND (transaction_ids), 409 RECEIVED_INVOICE_WRONG_STATUS (status: ' +
  'matched or hidden), RECEIVED_INVOICE_ROW_NOT_ASSIGNABLE (transaction_ids: on another received invoice, another ' +
  'contractor or not a PURCHASE/TRANSPORT row).';
const ACCEPT_ERRORS =
  'Accepts a difference (amount or quantity) with a note: links the suggested rows and marks it MATCHED. Refusals: ' +
  '400 VALIDATION_ERROR (note: required), 404 RECEIVED_INVOICE_NOT_FOUND, 409 RECEIVED_INVOICE_WRONG_STATUS ' +
  '(status: not a difference), RECEIVED_INVOICE_ROW_NOT_ASSIGNABLE (a suggested row was invoiced meanwhile).';
const HIDE_ERRORS =
  'Hides an invoice that is not ours, with the reason. Refusals: 400 VALIDATION_ERROR (note: required), 404 ' +
  'RECEIVED_INVOICE_NOT_FOUND, 409 RECEIVED_INVOICE_WRONG_STATUS (status: matched, hidden, or rows linked).';

/** Invoices received through KSeF, matched to statement rows (RULES.md Invoices, VAT and KSeF). */
export function receivedInvoiceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/received-invoice/list',
    {
      config: ANY_ROLE,
      schema: {
        tags,
        description: LIST_ERRORS,
        querystring: ReceivedInvoiceListRequestSchema,
        response: { 200: ReceivedInvoiceListResponseSchema },
      },
    },
    (request) => received.listReceivedInvoices(request.ctx, request.query),
  );
  // The same list as the web's list screens ask for it: the list request in the body.
  r.post(
    '/received-invoice/list',
    {
      config: ANY_ROLE,
      schema: {
        tags,
        description: LIST_ERRORS,
        body: ReceivedInvoiceListRequestSchema,
        response: { 200: ReceivedInvoiceListResponseSchema },
      },
    },
    (request) => received.listReceivedInvoices(request.ctx, request.body),
  );
  r.get(
    '/received-invoice/details/:id',
    {
      config: ANY_ROLE,
      schema: {
        tags,
        description: DETAILS_ERRORS,
        params: IdParamsSchema,
        response: { 200: ReceivedInvoiceDetailsSchema },
      },
    },
    (request) => received.receivedInvoiceDetails(request.ctx, request.params.id),
  );
  r.get(
    '/received-invoice/pdf/:id',
    // A binary answer (application/pdf): no JSON response schema, like the sales invoice's PDF.
    {
      config: { ...ANY_ROLE, fileType: 'application/pdf' },
      schema: { tags, description: PDF_ERRORS, params: IdParamsSchema },
    },
    async (request, reply) => sendPdfFile(reply, await received.receivedInvoicePdfFile(request.ctx, request.params.id)),
  );
  const writeSchema = (description: string) => ({
    tags,
    description,
    params: IdParamsSchema,
    response: { 200: ReceivedInvoiceDetailsSchema },
  });
  r.post(
    '/received-invoice/assign/:id',
    { config: ANY_ROLE, schema: { ...writeSchema(ASSIGN_ERRORS), body: AssignReceivedInvoiceRequestSchema } },
    (request) => received.assignReceivedInvoice(request.ctx, request.params.id, request.body),
  );
  r.post(
    '/received-invoice/accept/:id',
    { config: ANY_ROLE, schema: { ...writeSchema(ACCEPT_ERRORS), body: ReceivedInvoiceNoteRequestSchema } },
    (request) => received.acceptReceivedInvoice(request.ctx, request.params.id, request.body),
  );
  r.post(
    '/received-invoice/hide/:id',
    { config: ANY_ROLE, schema: { ...writeSchema(HIDE_ERRORS), body: ReceivedInvoiceNoteRequestSchema } },
    (request) => received.hideReceivedInvoice(request.ctx, request.params.id, request.body),
  );
}
