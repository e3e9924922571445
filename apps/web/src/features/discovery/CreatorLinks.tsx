import type { BookCreator } from '@inkstream/contracts';
import { pagePath } from '@inkstream/contracts/routes';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';

/**
 * The book's credited people (issue 46), each a link to their page: "Story: A · Art: B". A person
 * credited for both is named once per role, as the credits list them.
 */
export function CreatorLinks({ creators, className }: { creators: readonly BookCreator[]; className?: string }) {
  const { t } = useTranslation('discovery');
  if (creators.length === 0) return null;
  const roles = (['author', 'artist'] as const).map((role) => ({ role, people: creators.filter((creator) => creator.role === role) }));
  return (
    <p className={className} data-testid="book-creators">
      {roles
        .filter(({ people }) => people.length > 0)
        .map(({ role, people }, index) => (
          <Fragment key={role}>
            {index > 0 && ' · '}
            {t(`creators.${role}`)}{' '}
            {people.map((person, i) => (
              <Fragment key={person.slug}>
                {i > 0 && ', '}
                <Link to={pagePath.author(person.slug)}>
                  <bdi>{person.name}</bdi>
                </Link>
              </Fragment>
            ))}
          </Fragment>
        ))}
    </p>
  );
}
