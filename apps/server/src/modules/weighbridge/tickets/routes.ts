import {
  CorrectWeighbridgeTicketRequestSchema,
  CreateWeighbridgeTicketRequestSchema,
  IdParamsSchema,
  ScaleInfoResponseSchema,
  ScaleReadingResponseSchema,
  TransportTicketsResponseSchema,
  WeighbridgeTicketPdfQuerySchema,
  WeighbridgeTicketSchema,
  WeighRequestSchema,
} from '@grain/shared';
import type { FastifyInstance } from 'fastify';
import { sendPdfFile } from '../../../lib/pdf/reply.js';
import type { ZodTypeProvider } from '../../../plugins/wire.js';
import type { ScaleSource } from './scale-source.js';
import * as tickets from './service.js';

const ANY_ROLE = { roles: ['ADMIN', 'USER'] as const };
const tags = ['weighbridge'];
const ticketResponse = { 200: WeighbridgeTicketSchema };

const SCALE_REFUSALS =
  '409 SCALE_READING_UNSTABLE (no stable weight within the time-out), SCALE_OVERLOAD, SCALE_UNDERLOAD, SCALE_NOT_GROSS; ' +
  '503 SCALE_UNREACHABLE; 502 SCALE_PROTOCOL_ERROR; 400 VALIDATION_ERROR (weight_kg: a manual entry off the division)';

/** Weighbridge tickets (CONTRIBUTING.md Weighbridge): one per weighing of a transport's truck. */
export function weighbridgeTicketRoutes(app: FastifyInstance, scale: ScaleSource) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/weighbridge-ticket/scale',
    { config: ANY_ROLE, schema: { tags, response: { 200: ScaleInfoResponseSchema } } },
    () => tickets.scaleInfo(scale),
  );
  r.post(
    '/weighbridge-ticket/read-scale',
    {
      config: ANY_ROLE,
      schema: {
        tags,
        description: SCALE_REFUSALS,
        body: WeighRequestSchema,
        response: { 200: ScaleReadingResponseSchema },
      },
    },
    (request) => tickets.readScale(scale, request.body),
  );
  r.post(
    '/weighbridge-ticket/create',
    {
      config: ANY_ROLE,
      schema: {
        tags,
        description:
          '404 TRANSPORT_NOT_FOUND (transport_id); 409 TRANSPORT_CLOSED (transport_id: DELIVERED, RETURN_TO_CLIENT, ' +
          'CANCELLED), WEIGHBRIDGE_TICKET_EXISTS (side: a ticket in force on that side)',
        body: CreateWeighbridgeTicketRequestSchema,
        response: ticketResponse,
      },
    },
    (request) => tickets.createTicket(request.ctx, scale, request.body),
  );
  for (const stage of ['in', 'out'] as const) {
    r.post(
      `/weighbridge-ticket/weigh-${stage}/:id`,
      {
        config: ANY_ROLE,
        schema: {
          tags,
          description:
            `${SCALE_REFUSALS}; 404 WEIGHBRIDGE_TICKET_NOT_FOUND; 409 WEIGHBRIDGE_TICKET_CLOSED (status), ` +
            'TARE_ABOVE_GROSS (weight_kg), TRANSPORT_CLOSED',
          params: IdParamsSchema,
          body: WeighRequestSchema,
          response: ticketResponse,
        },
      },
      (request) => tickets.weighTicket(request.ctx, scale, request.params.id, stage, request.body),
    );
  }
  r.post(
    '/weighbridge-ticket/close/:id',
    {
      config: ANY_ROLE,
      schema: {
        tags,
        description:
          '404 WEIGHBRIDGE_TICKET_NOT_FOUND; 409 WEIGHBRIDGE_TICKET_CLOSED (status), WEIGHBRIDGE_TICKET_INCOMPLETE ' +
          '(gross_kg, tare_kg), TRANSPORT_CLOSED',
        params: IdParamsSchema,
        response: ticketResponse,
      },
    },
    (request) => tickets.closeTicket(request.ctx, request.params.id),
  );
  r.post(
    '/weighbridge-ticket/correct/:id',
    {
      config: ANY_ROLE,
      schema: {
        tags,
        description:
          '404 WEIGHBRIDGE_TICKET_NOT_FOUND; 409 WEIGHBRIDGE_TICKET_NOT_CLOSED (status), TARE_ABOVE_GROSS (tare_kg), ' +
          'TRANSPORT_CLOSED',
        params: IdParamsSchema,
        body: CorrectWeighbridgeTicketRequestSchema,
        response: ticketResponse,
      },
    },
    (request) => tickets.correctTicket(request.ctx, request.params.id, request.body),
  );
  r.get(
    '/weighbridge-ticket/pdf/:id',
    // A binary answer (application/pdf): no JSON response schema, like the invoices' PDFs.
    {
      config: ANY_ROLE,
      schema: {
        tags,
        description: '404 WEIGHBRIDGE_TICKET_NOT_FOUND; layout A4, A5 (default) or RECEIPT (80 mm)',
        params: IdParamsSchema,
        querystring: WeighbridgeTicketPdfQuerySchema,
      },
    },
    async (request, reply) => {
      return sendPdfFile(reply, await tickets.ticketPdfFile(request.ctx, request.params.id, request.query.layout));
    },
  );
  r.get(
    '/weighbridge-ticket/details/:id',
    { config: ANY_ROLE, schema: { tags, params: IdParamsSchema, response: ticketResponse } },
    (request) => tickets.ticketDetails(request.ctx.db, request.params.id),
  );
  r.get(
    '/weighbridge-ticket/list-by-transport/:id',
    {
      config: ANY_ROLE,
      schema: { tags, params: IdParamsSchema, response: { 200: TransportTicketsResponseSchema } },
    },
    (request) => tickets.transportTickets(request.ctx, request.params.id),
  );
}
