import type { LoginResult, Passkey, SignInEvent } from '@inkstream/contracts';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { anonymousClient, client, data, result } from './api-fetch';

/** Passkeys (issue 60, docs/API.md "Passkeys"): the profile's list, and signing in with one. */
export const passkeysApi = {
  list: (): Promise<Passkey[]> => result(client.GET('/api/v1/user/passkeys')),
  registrationOptions: async (): Promise<PublicKeyCredentialCreationOptionsJSON> =>
    (await result(client.POST('/api/v1/user/passkeys/registration/options'))) as PublicKeyCredentialCreationOptionsJSON,
  register: (credential: RegistrationResponseJSON, name: string | undefined): Promise<Passkey> =>
    result(client.POST('/api/v1/user/passkeys', { body: { credential: credential as never, ...(name ? { name } : {}) } })),
  rename: (id: number, name: string): Promise<Passkey> =>
    result(client.PUT('/api/v1/user/passkeys/{id}', { params: { path: { id } }, body: { name } })),
  remove: (id: number, password: string) =>
    result(client.POST('/api/v1/user/passkeys/{id}/remove', { params: { path: { id } }, body: { password } })),
  /** Removes a passkey with a fresh answer of one of the reader's passkeys (an account without a password). */
  confirmOptions: async (): Promise<PublicKeyCredentialRequestOptionsJSON> =>
    (await result(client.POST('/api/v1/user/passkeys/confirm/options'))) as PublicKeyCredentialRequestOptionsJSON,
  removeWithPasskey: (id: number, assertion: AuthenticationResponseJSON) =>
    result(client.POST('/api/v1/user/passkeys/{id}/remove', { params: { path: { id } }, body: { assertion: assertion as never } })),
  passwordState: (): Promise<{ has_password: boolean }> => result(client.GET('/api/v1/user/password/state')),
  /** "Sign in with passkeys only": removes the password (docs/ACCOUNTS.md "Passkeys"). */
  removePassword: (currentPassword: string, totpCode: string | undefined) =>
    result(
      client.POST('/api/v1/user/password/remove', {
        body: { current_password: currentPassword, ...(totpCode ? { totp_code: totpCode } : {}) },
      }),
    ),
  signInOptions: async (): Promise<PublicKeyCredentialRequestOptionsJSON> =>
    (await result(anonymousClient.POST('/api/v1/passkeys/authentication/options'))) as PublicKeyCredentialRequestOptionsJSON,
  signIn: (credential: AuthenticationResponseJSON): Promise<LoginResult> =>
    data(anonymousClient.POST('/api/v1/passkeys/authentication', { body: { credential: credential as never } })),
  recentSignIns: (): Promise<SignInEvent[]> => result(client.GET('/api/v1/user/security/sign-ins')),
};
