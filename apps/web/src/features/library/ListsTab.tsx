import { PAGE_PATTERNS, pagePath } from '@inkstream/contracts/routes';
import { LIST_NAME_MAX, LIST_NOTE_MAX, type ListVisibility, type ReaderListBook } from '@inkstream/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Loading } from '../../components/Loading';
import { useLanguage } from '../../i18n/use-language';
import { useTranslation } from '../../i18n/use-translation';
import { decodeEntities } from '../../lib/decode-entities';
import { withReturn } from '../../lib/return-path';
import styles from './library.module.css';
import { listErrorKey, listsApi, MY_LISTS_KEY } from '../../lib/api-lists';

const VISIBILITIES: readonly ListVisibility[] = ['private', 'unlisted', 'public'];

/** Issue 61: the library's Lists tab: create a list, and for each: rename, visibility, delete, its books (order, note, remove). */
export function ListsTab({ isLoggedIn }: { isLoggedIn: boolean }) {
  const { t } = useTranslation('library');
  const lists = useQuery({ queryKey: MY_LISTS_KEY, queryFn: listsApi.mine, enabled: isLoggedIn, staleTime: 0 });
  const [open, setOpen] = useState<string | null>(null);
  if (!isLoggedIn) {
    return (
      <div className={styles.empty}>
        <p>{t('lists.loginPrompt')}</p>
        <Link className={styles.primary} to={withReturn(PAGE_PATTERNS.login, pagePath.library('lists'))}>
          {t('following.login')}
        </Link>
      </div>
    );
  }
  return (
    <>
      <CreateList onCreated={setOpen} />
      {lists.isPending ? (
        <Loading />
      ) : lists.isError ? (
        <p className={styles.empty} role="alert">
          {t(listErrorKey(lists.error))}
        </p>
      ) : lists.data.length === 0 ? (
        <p className={styles.empty}>{t('lists.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {lists.data.map((list) => (
            <li key={list.list_uuid} className={styles.item}>
              <div className={styles.itemBody}>
                <h2 className={styles.itemTitle}>
                  {/* The list's own page: the link a reader shares (unlisted or public). */}
                  <Link to={pagePath.list(list.list_uuid)}>
                    <bdi>{list.name}</bdi>
                  </Link>
                </h2>
                <p className={styles.meta}>
                  {t(`lists.visibility.${list.visibility}`)} · {t('lists.books', { count: list.book_count })}
                  {list.hidden && <strong> · {t('lists.hidden', { reason: list.hidden_reason ?? '' })}</strong>}
                </p>
                <button
                  type="button"
                  className={styles.secondary}
                  aria-expanded={open === list.list_uuid}
                  onClick={() => setOpen(open === list.list_uuid ? null : list.list_uuid)}
                >
                  {t(open === list.list_uuid ? 'lists.close' : 'lists.edit')}
                </button>
                {open === list.list_uuid && <ListEditor listUuid={list.list_uuid} onDeleted={() => setOpen(null)} />}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function CreateList({ onCreated }: { onCreated: (uuid: string) => void }) {
  const { t } = useTranslation('library');
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [visibility, setVisibility] = useState<ListVisibility>('private');
  const create = useMutation({
    mutationFn: () => listsApi.create(name, visibility),
    onSuccess: async (list) => {
      setName('');
      onCreated(list.list_uuid);
      await client.invalidateQueries({ queryKey: MY_LISTS_KEY });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form onSubmit={submit} aria-label={t('lists.create')}>
      <label>
        {t('lists.name')}{' '}
        <input value={name} onChange={(event) => setName(event.target.value)} maxLength={LIST_NAME_MAX} required dir="auto" />
      </label>{' '}
      <VisibilityPicker value={visibility} onChange={setVisibility} />{' '}
      <button type="submit" className={styles.primary} disabled={create.isPending}>
        {t('lists.create')}
      </button>
      {create.isError && <p role="alert">{t(listErrorKey(create.error))}</p>}
    </form>
  );
}

function VisibilityPicker({ value, onChange }: { value: ListVisibility; onChange: (value: ListVisibility) => void }) {
  const { t } = useTranslation('library');
  return (
    <label>
      {t('lists.who')}{' '}
      <select value={value} onChange={(event) => onChange(event.target.value as ListVisibility)}>
        {VISIBILITIES.map((name) => (
          <option key={name} value={name}>
            {t(`lists.visibility.${name}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

function ListEditor({ listUuid, onDeleted }: { listUuid: string; onDeleted: () => void }) {
  const { t } = useTranslation('library');
  const language = useLanguage();
  const client = useQueryClient();
  const key = ['library', 'list', listUuid, language];
  const list = useQuery({ queryKey: key, queryFn: () => listsApi.read(listUuid, language), staleTime: 0 });
  const [name, setName] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const change = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: key });
      await client.invalidateQueries({ queryKey: MY_LISTS_KEY });
    },
  });
  if (list.isPending) return <Loading />;
  if (list.isError) return <p role="alert">{t(listErrorKey(list.error))}</p>;
  const current = list.data;
  const rename = (event: FormEvent) => {
    event.preventDefault();
    if (name !== null) change.mutate(() => listsApi.update(listUuid, { name }));
  };
  return (
    <div>
      <form onSubmit={rename} aria-label={t('lists.rename')}>
        <label>
          {t('lists.name')}{' '}
          <input
            value={name ?? current.name}
            onChange={(event) => setName(event.target.value)}
            maxLength={LIST_NAME_MAX}
            required
            dir="auto"
          />
        </label>{' '}
        <button type="submit" className={styles.secondary}>
          {t('lists.rename')}
        </button>
      </form>
      <VisibilityPicker
        value={current.visibility}
        onChange={(visibility) => change.mutate(() => listsApi.update(listUuid, { visibility }))}
      />
      {change.isError && <p role="alert">{t(listErrorKey(change.error))}</p>}
      {current.books.length === 0 ? (
        <p className={styles.meta}>{t('lists.noBooks')}</p>
      ) : (
        <ol>
          {current.books.map((book, index) => (
            <ListBookRow
              key={book.book_uuid}
              book={book}
              first={index === 0}
              last={index === current.books.length - 1}
              run={(call) => change.mutate(call)}
              listUuid={listUuid}
            />
          ))}
        </ol>
      )}
      {confirming ? (
        <p>
          {t('lists.deleteConfirm')}{' '}
          <button
            type="button"
            className={styles.textButton}
            onClick={() => change.mutate(() => listsApi.remove(listUuid).then(onDeleted))}
          >
            {t('lists.delete')}
          </button>{' '}
          <button type="button" className={styles.textButton} onClick={() => setConfirming(false)}>
            {t('lists.cancel')}
          </button>
        </p>
      ) : (
        <button type="button" className={styles.textButton} onClick={() => setConfirming(true)}>
          {t('lists.delete')}
        </button>
      )}
    </div>
  );
}

function ListBookRow(props: {
  book: ReaderListBook;
  first: boolean;
  last: boolean;
  listUuid: string;
  run: (call: () => Promise<unknown>) => void;
}) {
  const { book, first, last, listUuid, run } = props;
  const { t } = useTranslation('library');
  const [note, setNote] = useState(book.note ?? '');
  const title = decodeEntities(book.book_title);
  const move = (position: number) => run(() => listsApi.putBook(listUuid, book.book_uuid, { position }));
  return (
    <li>
      <Link to={pagePath.book(book.book_uuid)} dir="auto">
        {title}
      </Link>{' '}
      <button
        type="button"
        className={styles.textButton}
        disabled={first}
        onClick={() => move(book.position - 1)}
        aria-label={t('lists.up', { title })}
      >
        ↑
      </button>
      <button
        type="button"
        className={styles.textButton}
        disabled={last}
        onClick={() => move(book.position + 1)}
        aria-label={t('lists.down', { title })}
      >
        ↓
      </button>
      <button type="button" className={styles.textButton} onClick={() => run(() => listsApi.removeBook(listUuid, book.book_uuid))}>
        {t('lists.remove')}
      </button>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          run(() => listsApi.putBook(listUuid, book.book_uuid, { note: note.trim() === '' ? null : note }));
        }}
      >
        <label>
          {t('lists.note')} <input value={note} onChange={(event) => setNote(event.target.value)} maxLength={LIST_NOTE_MAX} dir="auto" />
        </label>{' '}
        <button type="submit" className={styles.textButton}>
          {t('lists.saveNote')}
        </button>
      </form>
    </li>
  );
}
