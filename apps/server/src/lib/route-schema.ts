import { ErrorBody } from '@inkstream/contracts';

/** Every API route documents its failures with the one error shape. */
export const errorResponses = { '4xx': ErrorBody, '5xx': ErrorBody } as const;
