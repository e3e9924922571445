import type { Language } from '@inkstream/contracts';

/** The name a passkey gets when the reader gives none, in the reader's language (they can rename it). */
const DEFAULT_NAMES: Record<Language, { synced: string; securityKey: string; device: string }> = {
  'en-us': { synced: 'Synced passkey', securityKey: 'Security key', device: 'Passkey on this device' },
  'zh-cn': { synced: '同步的通行密钥', securityKey: '安全密钥', device: '此设备上的通行密钥' },
  'fr-fr': { synced: 'Clé d’accès synchronisée', securityKey: 'Clé de sécurité', device: 'Clé d’accès de cet appareil' },
  'es-es': { synced: 'Llave de acceso sincronizada', securityKey: 'Llave de seguridad', device: 'Llave de acceso de este dispositivo' },
  'ar-sa': { synced: 'مفتاح مرور متزامن', securityKey: 'مفتاح أمان', device: 'مفتاح مرور على هذا الجهاز' },
};

/** From the device type: synced (multi-device) passkeys, roaming security keys, and the rest. */
export function defaultPasskeyName(language: Language, device: { backedUp: boolean; attachment: string | undefined }): string {
  const names = DEFAULT_NAMES[language];
  if (device.backedUp) return names.synced;
  return device.attachment === 'cross-platform' ? names.securityKey : names.device;
}
