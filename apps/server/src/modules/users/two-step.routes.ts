import {
  RecoveryCodesBody,
  RecoveryCodesResponse,
  TotpDisableBody,
  TotpDisableResponse,
  TotpEnableBody,
  TotpSetupBody,
  TotpSetupResponse,
} from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../lib/route-schema.js';
import { requireUser } from '../../http/guards.js';
import { LIMITS } from '../../http/rate-limits.js';
import type { TwoStepService } from './two-step.service.js';

/** Two-step sign-in on the profile (ext, issue 28; docs/API.md "Two-step sign-in"). */
export function twoStepRoutes(twoStep: TwoStepService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['users'];
    const config = { rateLimit: LIMITS.twoStep };

    app.post(
      '/user/totp/setup',
      {
        config,
        schema: {
          tags,
          summary: 'Start setting up two-step sign-in: a new secret and its QR code (pending until enabled)',
          body: TotpSetupBody,
          response: { 200: TotpSetupResponse, ...errorResponses },
        },
      },
      async (request) => ({
        data: { result: await twoStep.setup(requireUser(request), { password: request.body.password, ip: request.ip }) },
      }),
    );

    app.post(
      '/user/totp/enable',
      {
        config,
        schema: {
          tags,
          summary: 'Turn two-step sign-in on with a first code; answers the ten recovery codes, once',
          body: TotpEnableBody,
          response: { 200: RecoveryCodesResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await twoStep.enable(requireUser(request), { code: request.body.code, ip: request.ip }) } }),
    );

    app.post(
      '/user/totp/disable',
      {
        config,
        schema: {
          tags,
          summary: 'Turn two-step sign-in off (the current password and a code or a recovery code)',
          body: TotpDisableBody,
          response: { 200: TotpDisableResponse, ...errorResponses },
        },
      },
      async (request) => {
        await twoStep.disable(requireUser(request), { password: request.body.password, code: request.body.code, ip: request.ip });
        return { data: { result: { disabled: true as const } } };
      },
    );

    app.post(
      '/user/totp/recovery_codes',
      {
        config,
        schema: {
          tags,
          summary: 'A new set of ten recovery codes (the old ones stop working)',
          body: RecoveryCodesBody,
          response: { 200: RecoveryCodesResponse, ...errorResponses },
        },
      },
      async (request) => ({
        data: { result: await twoStep.regenerateRecoveryCodes(requireUser(request), { code: request.body.code, ip: request.ip }) },
      }),
    );
  };
}
