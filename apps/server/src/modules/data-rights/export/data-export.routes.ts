import {
  CurrentDataExportResponse,
  DataExportArchive,
  DataExportDownloadQuery,
  DataExportParams,
  DataExportResponse,
  ExportTooSoonError,
  RequestDataExportBody,
} from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../../http/guards.js';
import { LIMITS } from '../../../http/rate-limits.js';
import { errorResponses } from '../../../lib/route-schema.js';
import type { DataExportService } from './data-export.service.js';

/** `/user/data_export`: "Download my data" (ext calls, docs/API.md; docs/ACCOUNTS.md "Download your data"). */
export function dataExportRoutes(exports: DataExportService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['users'];

    app.post(
      '/user/data_export',
      {
        config: { rateLimit: LIMITS.dataExport },
        schema: {
          tags,
          summary: 'Ext: ask for an archive of everything the site holds about you (one a day); built in the background',
          body: RequestDataExportBody,
          response: { 202: DataExportResponse, 429: ExportTooSoonError, ...errorResponses },
        },
      },
      async (request, reply) => reply.status(202).send({ data: { export: await exports.request(requireUser(request)) } }),
    );

    app.get(
      '/user/data_export',
      {
        schema: {
          tags,
          summary: 'Ext: your newest archive (null: none yet)',
          response: { 200: CurrentDataExportResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        // The download link is signed and personal: never kept by a cache.
        reply.header('cache-control', 'no-store');
        return { data: { export: await exports.current(requireUser(request)) } };
      },
    );

    app.get(
      '/user/data_export/:uuid/download',
      {
        config: { rateLimit: LIMITS.dataExportDownload },
        schema: {
          tags,
          summary: 'Ext: the archive (application/zip), with the signed link of download_url and your login; once a minute',
          params: DataExportParams,
          querystring: DataExportDownloadQuery,
          response: { 200: DataExportArchive, ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const { bytes, filename } = await exports.download(user, request.params.uuid, request.query.expires, request.query.sig);
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(bytes);
      },
    );
  };
}
