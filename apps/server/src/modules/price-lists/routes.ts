import {
  CreatePriceListEntryRequestSchema,
  ImportPriceListRequestSchema,
  ImportPriceListResponseSchema,
  PriceListDayRequestSchema,
  PriceListDayResponseSchema,
  PriceListEntrySchema,
} from '@grain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../../plugins/wire.js';
import * as prices from './service.js';

/** CONTRIBUTING.md Price lists: ADMIN sets the purchase prices; traders (USER) read them to price contracts. */
const WRITE = { roles: ['ADMIN'] as const };
const READ = { roles: ['ADMIN', 'USER'] as const };
const tags = ['price-lists'];

/** The purchase price list (cennik skupu). */
export function priceListRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/price-list/list',
    {
      config: READ,
      schema: {
        tags,
        description:
          'Every entry valid on `day` (today when left out) by raw material, quality, supplier kind (VAT/RR) and ' +
          'payment term, with the company limit (hundredths of a percent) above which a contract price needs a note.',
        querystring: PriceListDayRequestSchema,
        response: { 200: PriceListDayResponseSchema },
      },
    },
    (request) => prices.priceListOfDay(request.ctx.db, request.query.day),
  );
  r.post(
    '/price-list/create',
    {
      config: WRITE,
      schema: {
        tags,
        description:
          'One entry (price in grosze per tonne, PLN net); entries are never edited. Refusals: 400 VALIDATION_ERROR ' +
          '(valid_to before valid_from: dateToIsBefore; unknown raw_material_quality_id), 409 PRICE_LIST_OVERLAP ' +
          '(valid_from; another entry of the same quality, supplier kind and payment term covers one of the days).',
        body: CreatePriceListEntryRequestSchema,
        response: { 200: PriceListEntrySchema },
      },
    },
    (request) => prices.createPriceListEntry(request.ctx, request.body),
  );
  r.post(
    '/price-list/import',
    {
      config: WRITE,
      schema: {
        tags,
        description:
          'A CSV as text: header `surowiec;jakość;dostawca;termin_dni;cena_zl_t;od;do`, one entry per row, all in ' +
          'one transaction. Refusals (nothing stored): 400 PRICE_LIST_FILE_INVALID (field `content.<row>.<column>`), ' +
          '409 PRICE_LIST_OVERLAP (`content.<row>.valid_from`; with a stored entry or an earlier row).',
        body: ImportPriceListRequestSchema,
        response: { 200: ImportPriceListResponseSchema },
      },
    },
    (request) => prices.importPriceList(request.ctx, request.body),
  );
  r.get(
    '/price-list/pdf',
    // A binary answer (application/pdf): no JSON response schema, like the other PDFs.
    {
      config: { ...READ, fileType: 'application/pdf' },
      schema: {
        tags,
        description: "The day's list (today when `day` is left out) on A4. Refusal: 400 VALIDATION_ERROR (day).",
        querystring: PriceListDayRequestSchema,
      },
    },
    async (request, reply) => {
      const { fileName, pdf, timing } = await prices.priceListPdfFile(request.ctx, request.query.day);
      const cpu = timing.cpuMs === null ? '' : `, pdf-cpu;dur=${timing.cpuMs}`;
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'no-store')
        .header('Server-Timing', `pdf;dur=${timing.renderMs.toFixed(2)}${cpu}`)
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    },
  );
}
