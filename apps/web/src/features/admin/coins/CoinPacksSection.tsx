import type { AdminCoinPack } from '@inkstream/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { DataTable } from '../shell/DataTable';
import { FormNotice } from '../shell/FieldError';
import { formatFen, formatNumber } from '../shell/format';
import { EMPTY_PACK, packBodyOf, packChanges, packDraftOf } from './coin-drafts';
import { coinsApi } from './coins-api';
import { PackForm } from './PackForm';

/**
 * Coin packs (issue 42): what readers may buy, with how many were sold. A pack is never deleted
 * (paid orders keep naming it): it is withdrawn, and may be put back on sale.
 */
export default function CoinPacksSection() {
  const { t } = useTranslation('admin-coins');
  const client = useQueryClient();
  const packs = useQuery({ queryKey: ['admin', 'coin-packs'], queryFn: coinsApi.packs });
  const [editing, setEditing] = useState<AdminCoinPack | null>(null);
  const [created, setCreated] = useState(0);
  const [toggleError, setToggleError] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['admin', 'coin-packs'] });
  const setActive = async (pack: AdminCoinPack, isActive: boolean) => {
    try {
      setToggleError(null);
      await coinsApi.updatePack(pack.id, { is_active: isActive });
      await refresh();
    } catch (error) {
      setToggleError((error as Error).message);
    }
  };

  return (
    <section aria-labelledby="coin-packs-heading">
      <div className={styles.heading}>
        <h1 id="coin-packs-heading">{t('packs.title')}</h1>
      </div>
      <p className={styles.muted}>{t('packs.intro')}</p>
      {editing ? (
        <PackForm
          key={`edit-${editing.id}`}
          title={t('packs.edit', { id: editing.id })}
          submitLabel={t('packs.save')}
          initial={packDraftOf(editing)}
          onCancel={() => setEditing(null)}
          onSubmit={async (draft) => {
            const changes = packChanges(editing, draft);
            if (Object.keys(changes).length > 0) await coinsApi.updatePack(editing.id, changes);
            setEditing(null);
            await refresh();
          }}
        />
      ) : (
        <PackForm
          key={`new-${created}`}
          title={t('packs.new')}
          submitLabel={t('packs.create')}
          initial={EMPTY_PACK}
          onSubmit={async (draft) => {
            await coinsApi.createPack(packBodyOf(draft));
            setCreated((n) => n + 1);
            await refresh();
          }}
        />
      )}
      <FormNotice message={toggleError} />
      <h2 id="coin-pack-list-heading">{t('packs.list')}</h2>
      <DataTable
        label={t('packs.list')}
        labelledBy="coin-pack-list-heading"
        error={packs.error?.message}
        columns={[
          t('packs.fields.coins'),
          t('packs.fields.bonus_coins'),
          t('packs.fields.price'),
          t('packs.fields.bonus_expiry_days'),
          t('packs.stripe'),
          t('packs.sold'),
          t('packs.state'),
          <span className={styles.muted}>{t('packs.actions')}</span>,
        ]}
        items={packs.data}
        rowKey={(pack) => pack.id}
        row={(pack) => (
          <>
            <th scope="row">{formatNumber(pack.coins)}</th>
            <td>{formatNumber(pack.bonus_coins)}</td>
            <td>{formatFen(pack.price_fen)}</td>
            <td>{pack.bonus_expiry_days === null ? '—' : formatNumber(pack.bonus_expiry_days)}</td>
            <td>
              <code dir="ltr" className={styles.breakAnywhere}>
                {pack.stripe_payment_link ?? '—'}
              </code>
            </td>
            <td>{formatNumber(pack.sold)}</td>
            <td>{pack.is_active ? t('packs.onSale') : t('packs.withdrawn')}</td>
            <td>
              <div className={styles.rowActions}>
                <button type="button" className={styles.button} onClick={() => setEditing(pack)}>
                  {t('packs.editButton')}
                </button>
                <button type="button" className={styles.button} onClick={() => void setActive(pack, !pack.is_active)}>
                  {pack.is_active ? t('packs.withdraw') : t('packs.putBack')}
                </button>
              </div>
            </td>
          </>
        )}
      />
    </section>
  );
}
