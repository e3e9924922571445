import multipart from '@fastify/multipart';
import {
  ImportAcceptedResponse,
  ImportJobListQuery,
  ImportJobListResponse,
  ImportJobParams,
  ImportJobResponse,
} from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../../lib/route-schema.js';
import { requireAdmin } from '../../../http/guards.js';
import type { ImportJobsService, UploadOptions } from './import-jobs.service.js';
import { readUploadFields } from './import-jobs.service.js';
import { stageUpload, sweepStaleUploads, type UploadLimits } from './upload-staging.js';

const MAX_FILES = 5000;

/**
 * POST /admin/imports (multipart: fields, then files), GET /admin/imports/:jobUuid and GET
 * /admin/imports. Registered inside the admin scope, whose guard refuses anyone else before the
 * body is read; multipart parsing exists only in this router's scope.
 */
export function importsAdminRoutes(imports: ImportJobsService, limits: UploadLimits) {
  return async (base: FastifyInstance) => {
    await base.register(multipart, {
      throwFileSizeLimit: true,
      limits: {
        // One byte more than allowed: the stager's own count refuses the file and names it.
        fileSize: limits.maxFileBytes + 1,
        files: MAX_FILES,
        fields: 10,
        fieldNameSize: 100,
        fieldSize: 1024,
        parts: MAX_FILES + 10,
        headerPairs: 100,
      },
    });
    base.addHook('onReady', async () => {
      await sweepStaleUploads(limits.root).catch((error: unknown) => base.log.warn({ err: error }, 'stale uploads not swept'));
    });
    const app = base.withTypeProvider<TypeBoxTypeProvider>();

    app.post(
      '/imports',
      {
        schema: {
          tags: ['admin'],
          summary:
            'Upload chapters (multipart: book_uuid, language?, first_number?, chapter_title?, release?, publish_at?, then one .cbz/.zip/.epub or images)',
          description:
            'Fields first, then the files: one archive, or image files that make one chapter in the order of their names. ' +
            'The files are staged on this node and imported by a job; poll GET /admin/imports/{jobUuid}. ' +
            'release (ext): `now` (default) publishes the new chapters when imported, `draft` keeps them unpublished, `at` ' +
            'schedules them for publish_at (ISO 8601 with offset; 400 RELEASE_TIME_PAST if it has passed). ' +
            '413 UPLOAD_TOO_LARGE past ADMIN_UPLOAD_MAX_FILE_MB / ADMIN_UPLOAD_MAX_JOB_MB; nothing is kept of a refused upload.',
          consumes: ['multipart/form-data'],
          response: { 202: ImportAcceptedResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const admin = requireAdmin(request);
        let options: UploadOptions | null = null;
        const staged = await stageUpload(request, limits, async (fields) => {
          options = readUploadFields(fields);
          await imports.checkBook(options.book_uuid);
        });
        const jobUuid = await imports.enqueue(staged, options!, admin);
        return reply.code(202).send({ data: { result: { job_uuid: jobUuid } } });
      },
    );

    app.get(
      '/imports/:jobUuid',
      {
        schema: {
          tags: ['admin'],
          summary: 'One upload job: state, progress, the import summary or the reason it failed',
          params: ImportJobParams,
          response: { 200: ImportJobResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await imports.get(request.params.jobUuid) }),
    );

    app.get(
      '/imports',
      {
        schema: {
          tags: ['admin'],
          summary: 'Recent upload jobs, newest first (optionally of one book)',
          querystring: ImportJobListQuery,
          response: { 200: ImportJobListResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await imports.list(request.query) }),
    );
  };
}
