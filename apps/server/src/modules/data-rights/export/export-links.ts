import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The download link of an archive: `/api/v1/user/data_export/<uuid>/download?expires=<ms>&sig=<HMAC>`,
 * the HMAC over the archive's uuid, its owner's id and the expiry, under a key derived from
 * JWT_SECRET (domain-separated from its other uses, as the unsubscribe links are). The link alone
 * opens nothing: the request must also carry the owner's login. Rotating JWT_SECRET voids the
 * links already given (the profile hands out fresh ones).
 */
export interface ExportLinks {
  path(uuid: string, userId: number, expiresAt: number): string;
  isValid(uuid: string, userId: number, expires: string, sig: string): boolean;
}

export function createExportLinks(secret: string): ExportLinks {
  const key = createHmac('sha256', secret).update('inkstream-data-export').digest();
  const mac = (uuid: string, userId: number, expires: number) =>
    createHmac('sha256', key).update(`${uuid}\n${userId}\n${expires}`).digest('base64url');
  return {
    path: (uuid, userId, expiresAt) => `/api/v1/user/data_export/${uuid}/download?expires=${expiresAt}&sig=${mac(uuid, userId, expiresAt)}`,
    isValid(uuid, userId, expires, sig) {
      // One spelling of the expiry, the one path() writes: "0123" would sign as 123 and be a second link.
      if (!/^[1-9]\d{0,15}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return false;
      return timingSafeEqual(Buffer.from(sig), Buffer.from(mac(uuid, userId, Number(expires))));
    },
  };
}
