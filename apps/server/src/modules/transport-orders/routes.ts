import { IdParamsSchema, TransportOrderInfoResponseSchema } from '@grain/shared';
import type { FastifyInstance } from 'fastify';
import { sendPdfFile } from '../../lib/pdf/reply.js';
import type { ZodTypeProvider } from '../../plugins/wire.js';
import { getTransportOrderInfo, getTransportOrderPdf, sendTransportOrder } from './service.js';

const ANY_ROLE = { roles: ['ADMIN', 'USER'] as const };
const tags = ['transports'];

/** The transport order (zlecenie transportowe) of a transport, as a PDF and sent to the carrier. */
export function transportOrderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/transport/order-pdf/:id',
    {
      config: { ...ANY_ROLE, fileType: 'application/pdf' },
      // A binary answer (application/pdf): no JSON response schema, like the Excel exports.
      schema: { tags, params: IdParamsSchema },
    },
    async (request, reply) => {
      return sendPdfFile(reply, await getTransportOrderPdf(request.ctx, request.params.id));
    },
  );
  r.get(
    '/transport/order-info/:id',
    {
      config: ANY_ROLE,
      schema: { tags, params: IdParamsSchema, response: { 200: TransportOrderInfoResponseSchema } },
    },
    (request) => getTransportOrderInfo(request.ctx, request.params.id),
  );
  r.post(
    '/transport/send-order/:id',
    {
      config: ANY_ROLE,
      schema: { tags, params: IdParamsSchema, response: { 200: TransportOrderInfoResponseSchema } },
    },
    (request) => sendTransportOrder(request.ctx, request.params.id),
  );
}
