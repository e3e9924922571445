import type { AdminUserChange, AdminUserDetail, AdminUserSummary } from '@inkstream/contracts';
import { adminRequest, type CursorPage } from '../shell/admin-api';

export interface ReaderQuery {
  page_size: number;
  cursor?: string | undefined;
  q?: string | undefined;
  role?: string | undefined;
  state?: string | undefined;
  member?: string | undefined;
}

const path = (uuid: string, action = '') => `/users/${encodeURIComponent(uuid)}${action}`;

export const readersApi = {
  list: (query: ReaderQuery) => adminRequest<CursorPage<AdminUserSummary>>('GET', '/users', { query: { ...query } }),
  detail: (uuid: string) => adminRequest<AdminUserDetail>('GET', path(uuid)),
  grant: (uuid: string, body: { days?: number; months?: number; reason: string }) =>
    adminRequest<AdminUserChange>('POST', path(uuid, '/grants'), { body }),
  revoke: (uuid: string, reason: string) => adminRequest<AdminUserChange>('POST', path(uuid, '/revoke'), { body: { reason } }),
  disable: (uuid: string, reason: string) => adminRequest<AdminUserChange>('POST', path(uuid, '/disable'), { body: { reason } }),
  enable: (uuid: string, reason: string) => adminRequest<AdminUserChange>('POST', path(uuid, '/enable'), { body: { reason } }),
  setEmail: (uuid: string, email: string | null, reason: string) =>
    adminRequest<{ address: string | null; confirmed_at: string | null }>('PUT', path(uuid, '/email'), { body: { email, reason } }),
  setRole: (uuid: string, role: 'user' | 'admin', reason: string) =>
    adminRequest<AdminUserChange>('PUT', path(uuid, '/role'), { body: { role, reason } }),
};
