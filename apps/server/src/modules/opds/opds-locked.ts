import { ErrorCode, type Language } from '@inkstream/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Refusal } from '../access/chapter-access.js';

/**
 * The refusal of a chapter a feed reader may not read now, as the site's reading screen tells it
 * (issue 40): an ended membership is `MEMBERSHIP_EXPIRED` ("top up to keep reading"), never having
 * had one `MEMBERSHIP_REQUIRED`; the message is in the key owner's language, the feeds' language,
 * since apps show it as it comes.
 */
const MESSAGES: Record<Language, { expired: string; membersOnly: string; earlyAccess: string }> = {
  'en-us': {
    expired: 'Your membership has expired; top up on the site to keep reading',
    membersOnly: 'This chapter is only open to members',
    earlyAccess: 'This chapter is in early access: unlock it on the site to read it now',
  },
  'zh-cn': {
    expired: '你的会员已过期，请在网站充值后继续阅读',
    membersOnly: '本章仅对会员开放',
    earlyAccess: '本章处于抢先看阶段：请在网站解锁后阅读',
  },
  'fr-fr': {
    expired: 'Votre abonnement a expiré : rechargez sur le site pour continuer à lire',
    membersOnly: 'Ce chapitre est réservé aux membres',
    earlyAccess: 'Ce chapitre est en accès anticipé : débloquez-le sur le site pour le lire maintenant',
  },
  'es-es': {
    expired: 'Tu membresía ha caducado: recarga en el sitio para seguir leyendo',
    membersOnly: 'Este capítulo es solo para miembros',
    earlyAccess: 'Este capítulo está en acceso anticipado: desbloquéalo en el sitio para leerlo ahora',
  },
  'ar-sa': {
    expired: 'انتهت عضويتك؛ جدّدها على الموقع لمواصلة القراءة',
    membersOnly: 'هذا الفصل متاح للأعضاء فقط',
    earlyAccess: 'هذا الفصل في الوصول المبكر: افتحه على الموقع لقراءته الآن',
  },
};

export function lockedChapterError(lock: Refusal, language: Language): AppError {
  const texts = MESSAGES[language];
  if (lock === 'early_access') return new AppError(ErrorCode.EARLY_ACCESS, 403, texts.earlyAccess);
  return lock === 'expired'
    ? new AppError(ErrorCode.MEMBERSHIP_EXPIRED, 403, texts.expired)
    : new AppError(ErrorCode.MEMBERSHIP_REQUIRED, 403, texts.membersOnly);
}
