import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

/** The server's public settings (site name, contact address, payment options): one query for every screen that shows them. */
export const publicConfigQuery = () => queryOptions({ queryKey: ['public-config'], queryFn: api.publicConfig });
