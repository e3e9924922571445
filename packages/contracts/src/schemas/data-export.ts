import { Type, type Static } from 'typebox';
import { ClosedObject, Data, Nullable } from './common.js';
import { Reason } from './admin/common.js';

/**
 * "Download my data" (issue 43, docs/ACCOUNTS.md "Download your data"): a ZIP of everything the site
 * holds about the reader, built by a background job, downloadable for DATA_EXPORT_KEEP_DAYS through
 * a signed link that also needs the reader's login. Ext calls (docs/API.md). Times are epoch ms.
 */

/** One archive a day per reader. */
export const DATA_EXPORT_INTERVAL_MS = 24 * 3_600_000;
/** A ready archive can be downloaded this many days, then its bytes are removed. */
export const DATA_EXPORT_KEEP_DAYS = 7;
/** One download of the same archive a minute. */
export const DATA_EXPORT_DOWNLOAD_INTERVAL_MS = 60_000;

export const DataExportState = Type.Union([
  Type.Literal('queued'),
  Type.Literal('building'),
  Type.Literal('ready'),
  Type.Literal('failed'),
  Type.Literal('expired'),
]);
export type DataExportState = Static<typeof DataExportState>;

const EpochMs = (description: string) => Type.Integer({ description });

export const DataExport = Type.Object({
  uuid: Type.String({ format: 'uuid' }),
  state: DataExportState,
  requested_at: EpochMs('When it was asked for (epoch ms)'),
  ready_at: Nullable(EpochMs('When the archive was ready (epoch ms)')),
  expires_at: Nullable(EpochMs('Downloadable until then (epoch ms): 7 days after ready_at')),
  size_bytes: Nullable(Type.Integer({ description: 'The ZIP archive size in bytes' })),
  download_url: Nullable(
    Type.String({
      description:
        'Only while ready: the signed download path (/api/v1/user/data_export/{uuid}/download?expires=…&sig=…); it also needs the login token',
    }),
  ),
  next_export_at: EpochMs('When the reader may ask for the next archive (epoch ms; now or past: now)'),
});
export type DataExport = Static<typeof DataExport>;

export const RequestDataExportBody = ClosedObject({});
export const DataExportResponse = Data(Type.Object({ export: DataExport }));
export const CurrentDataExportResponse = Data(Type.Object({ export: Nullable(DataExport) }));
/** 429 EXPORT_TOO_SOON: when the next archive can be asked for (also as Retry-After). */
export const ExportTooSoonError = Type.Object({
  error: Type.String(),
  code: Type.String(),
  next_export_at: Type.Optional(Type.Integer()),
});

export const DataExportParams = Type.Object({ uuid: Type.String({ maxLength: 64 }) });
export const DataExportDownloadQuery = Type.Object({
  // One spelling only (issue 56): the milliseconds as download_url gives them, no leading zero.
  expires: Type.String({ pattern: '^[1-9][0-9]{0,15}$', description: 'From download_url: milliseconds, digits without a leading zero' }),
  sig: Type.String({ maxLength: 100, description: 'From download_url' }),
});

/** The download's body: the ZIP itself (application/zip), not JSON. */
export const DataExportArchive = Type.Unsafe<Uint8Array>({
  type: 'string',
  format: 'binary',
  description: 'The ZIP archive (application/zip)',
});

/** The console: an operator starts an archive for a reader (audited `user.data_export`). */
export const AdminDataExportBody = ClosedObject({ reason: Reason });
export type AdminDataExportBody = Static<typeof AdminDataExportBody>;
