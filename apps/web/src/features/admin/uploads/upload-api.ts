import type { ImportJob, ImportReleaseMode } from '@inkstream/contracts';
import { ApiError, authHeaders, client, data } from '../../../lib/api-fetch';
import type { paths } from '../../../lib/api-schema';
import type { Page } from '../shell/admin-api';

export interface UploadFields {
  bookUuid: string;
  firstNumber?: string | undefined;
  chapterTitle?: string | undefined;
  /** now, draft, or at `publishAt` (an ISO instant); the console always sends the operator's choice. */
  release?: ImportReleaseMode | undefined;
  publishAt?: string | undefined;
}

export interface UploadHandle {
  /** The job's uuid once the server accepted the files (202). */
  done: Promise<string>;
  abort(): void;
}

/**
 * Sends the files with XMLHttpRequest (fetch cannot report upload progress): the fields first,
 * then the files, as POST /admin/imports expects. `onProgress` gets bytes sent and the total.
 */
export function sendUpload(fields: UploadFields, files: readonly File[], onProgress: (sent: number, total: number) => void): UploadHandle {
  const form = new FormData();
  form.append('book_uuid', fields.bookUuid);
  if (fields.firstNumber?.trim()) form.append('first_number', fields.firstNumber.trim());
  if (fields.chapterTitle?.trim()) form.append('chapter_title', fields.chapterTitle.trim());
  if (fields.release) form.append('release', fields.release);
  if (fields.release === 'at' && fields.publishAt) form.append('publish_at', fields.publishAt);
  for (const file of files) form.append('files', file, file.name);
  const xhr = new XMLHttpRequest();
  const done = new Promise<string>((resolve, reject) => {
    xhr.open('POST', '/api/v1/admin/imports' satisfies keyof paths);
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : 0);
    xhr.onload = () => {
      const body = xhr.response as { data?: { result?: { job_uuid?: string } }; code?: string; error?: string; details?: [] } | null;
      const jobUuid = body?.data?.result?.job_uuid;
      if (xhr.status === 202 && jobUuid) resolve(jobUuid);
      else reject(new ApiError(xhr.status, body?.code ?? 'UPLOAD_FAILED', body?.error ?? `HTTP ${xhr.status}`, body?.details ?? []));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', 'The upload could not reach the server'));
    xhr.onabort = () => reject(new ApiError(0, 'ABORTED', 'The upload was cancelled'));
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}

export const importsApi = {
  get: (jobUuid: string): Promise<ImportJob> => data(client.GET('/api/v1/admin/imports/{jobUuid}', { params: { path: { jobUuid } } })),
  list: (bookUuid: string, pageSize = 5): Promise<Page<ImportJob>> =>
    data(client.GET('/api/v1/admin/imports', { params: { query: { book_uuid: bookUuid, page: 0, page_size: pageSize } } })),
};
