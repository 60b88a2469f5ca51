import { CompanySettingsRequestSchema, CompanySettingsResponseSchema } from '@grain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../../plugins/wire.js';
import { getCompanySettings, saveCompanySettings } from './service.js';

const tags = ['settings'];

/** Company settings, the header of the transport order. ADMIN only. */
export function settingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const answer = { 200: CompanySettingsResponseSchema };
  r.get('/settings/company', { config: { roles: ['ADMIN'] }, schema: { tags, response: answer } }, (request) =>
    getCompanySettings(request.ctx),
  );
  r.put(
    '/settings/company',
    { config: { roles: ['ADMIN'] }, schema: { tags, body: CompanySettingsRequestSchema, response: answer } },
    (request) => saveCompanySettings(request.ctx, request.body),
  );
}
