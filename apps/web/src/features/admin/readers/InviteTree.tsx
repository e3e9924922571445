import { adminPath } from '@inkstream/contracts/routes';
import type { AdminUserDetail } from '@inkstream/contracts';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import styles from '../shell/admin.module.css';
import local from './readers.module.css';

type Invitee = AdminUserDetail['invites']['invited'][number]['invited'][number];

function Person({ person }: { person: Invitee }) {
  const { t } = useTranslation('admin-readers');
  return (
    <>
      <Link to={adminPath.reader(person.uuid)}>
        <bdi>{person.username}</bdi>
      </Link>{' '}
      <span className={person.has_paid ? local.paid : styles.muted}>{person.has_paid ? t('invites.paid') : t('invites.notPaid')}</span>
    </>
  );
}

/** Who invited this reader, whom they invited (and whether each paid), and one level further. */
export function InviteTree({ invites }: { invites: AdminUserDetail['invites'] }) {
  const { t } = useTranslation('admin-readers');
  return (
    <div>
      <p>
        {t('invites.invitedBy')}{' '}
        {invites.invited_by ? (
          <Link to={adminPath.reader(invites.invited_by.uuid)}>
            <bdi>{invites.invited_by.username}</bdi>
          </Link>
        ) : (
          '—'
        )}
      </p>
      {invites.invited.length === 0 ? (
        <p className={styles.muted}>{t('invites.none')}</p>
      ) : (
        <ul className={local.tree} aria-label={t('invites.invited')}>
          {invites.invited.map((person) => (
            <li key={person.uuid}>
              <Person person={person} />
              {person.invited.length > 0 && (
                <ul className={local.tree}>
                  {person.invited.map((grandchild) => (
                    <li key={grandchild.uuid}>
                      <Person person={grandchild} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
