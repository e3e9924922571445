import { ErrorCode, type Language } from '@inkstream/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Refusal } from '../access/chapter-access.js';

/**
 * The refusal of a chapter a feed reader may not read now, as the site's reading screen tells it
 * (issue 40): an ended membership is `MEMBERSHIP_EXPIRED` ("top up to keep reading"), never having
 * had one `MEMBERSHIP_REQUIRED`; the message is in the key owner's language, the feeds' language,
 * since apps show it as it comes.
 */
const MESSAGES: Record<Language, { expired: string; membersOnly: string }> = {
  'en-us': {
    expired: 'Your membership has expired; top up on the site to keep reading',
    membersOnly: 'This chapter is only open to members',
  },
  'zh-cn': { expired: '你的会员已过期，请在网站充值后继续阅读', membersOnly: '本章仅对会员开放' },
  'fr-fr': {
    expired: 'Votre abonnement a expiré : rechargez sur le site pour continuer à lire',
    membersOnly: 'Ce chapitre est réservé aux membres',
  },
  'es-es': {
    expired: 'Tu membresía ha caducado: recarga en el sitio para seguir leyendo',
    membersOnly: 'Este capítulo es solo para miembros',
  },
  'ar-sa': { expired: 'انتهت عضويتك؛ جدّدها على الموقع لمواصلة القراءة', membersOnly: 'هذا الفصل متاح للأعضاء فقط' },
};

export function lockedChapterError(lock: Refusal, language: Language): AppError {
  const texts = MESSAGES[language];
  return lock === 'expired'
    ? new AppError(ErrorCode.MEMBERSHIP_EXPIRED, 403, texts.expired)
    : new AppError(ErrorCode.MEMBERSHIP_REQUIRED, 403, texts.membersOnly);
}
