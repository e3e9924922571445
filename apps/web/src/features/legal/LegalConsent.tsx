import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { useLanguage } from '../../i18n/use-language';
import { useTranslation } from '../../i18n/use-translation';
import { legalPageQuery } from './legal-api';

/** The versions of the two pages the form links to: the register call sends them (ext fields, issue 43). */
export interface ShownLegalVersions {
  terms_version?: number;
  privacy_version?: number;
}

/**
 * The versions of the terms and the privacy policy in the reader's language, as the pages linked
 * from the form show them. Until they are known nothing is sent, and the server records the
 * current ones (what the links would open).
 */
export function useShownLegalVersions(): ShownLegalVersions {
  const language = useLanguage();
  const terms = useQuery(legalPageQuery('terms', language));
  const privacy = useQuery(legalPageQuery('privacy', language));
  return {
    ...(terms.data ? { terms_version: terms.data.version } : {}),
    ...(privacy.data ? { privacy_version: privacy.data.version } : {}),
  };
}

const LINKS = { terms: PAGE_PATTERNS.terms, privacy: PAGE_PATTERNS.privacy } as const;

/**
 * "By creating an account you accept the Terms of use and the Privacy policy", with both linked.
 * The sentence is one translation with <terms>…</terms> and <privacy>…</privacy> around the link
 * texts, so each language puts them where its grammar wants them.
 */
export function LegalConsent({ className }: { className?: string }) {
  const { t } = useTranslation('legal');
  const parts = t('register.accept').split(/(<(?:terms|privacy)>.*?<\/(?:terms|privacy)>)/);
  return (
    <p className={className}>
      {parts.map((part, index) => {
        const link = /^<(terms|privacy)>(.*)<\/\1>$/.exec(part);
        if (!link) return <Fragment key={index}>{part}</Fragment>;
        const kind = link[1] as keyof typeof LINKS;
        return (
          <Link key={index} to={LINKS[kind]} target="_blank" rel="noopener">
            {link[2]}
          </Link>
        );
      })}
    </p>
  );
}
