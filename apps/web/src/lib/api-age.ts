import type { AgeConfirmation } from '@inkstream/contracts';
import { client, result } from './api-fetch';

/** Issue 61: the reader's age confirmation (the profile's Age section). */
export const ageApi = {
  state: (): Promise<AgeConfirmation> => result(client.GET('/api/v1/user/age_confirmation')),
  confirm: (): Promise<AgeConfirmation> => result(client.POST('/api/v1/user/age_confirmation', { body: { confirm: true } })),
  withdraw: (): Promise<AgeConfirmation> => result(client.DELETE('/api/v1/user/age_confirmation')),
};
