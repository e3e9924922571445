import { SiteSettingsResponse, SiteSettingsUpdateBody } from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../lib/route-schema.js';
import { requireAdmin } from '../../http/guards.js';
import type { SiteSettingsService } from './site-settings.service.js';

/** `/admin/settings`: the run-time site settings (inside the admin scope). */
export function settingsAdminRoutes(settings: SiteSettingsService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    app.get(
      '/settings',
      { schema: { tags: ['admin'], summary: 'Site settings', response: { 200: SiteSettingsResponse, ...errorResponses } } },
      async () => ({ data: await settings.get() }),
    );
    app.put(
      '/settings',
      {
        schema: {
          tags: ['admin'],
          summary: 'Change site settings (only the fields given); every node follows within seconds',
          body: SiteSettingsUpdateBody,
          response: { 200: SiteSettingsResponse, ...errorResponses },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        return { data: await settings.update({ userId: admin.id, name: admin.username }, request.body) };
      },
    );
  };
}
