import type { AdminChapterItem } from '@inkstream/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { FormNotice } from '../shell/FieldError';
import { formatDateTime, formatNumber } from '../shell/format';
import { Pager } from '../shell/Pager';
import { booksApi, move } from './books-api';
import local from './books.module.css';
import { ChapterRowEditor } from './ChapterRowEditor';

const PAGE_SIZE = 50;
const ALL_PAGE_SIZE = 200;

/** Every chapter's uuid in reading order (a reorder names all of them). */
async function allChapterUuids(bookUuid: string): Promise<string[]> {
  const uuids: string[] = [];
  for (let page = 0; ; page += 1) {
    const batch = await booksApi.chapters(bookUuid, page, ALL_PAGE_SIZE);
    uuids.push(...batch.items.map((item) => item.chapter_uuid));
    if (uuids.length >= batch.total || batch.items.length === 0) return uuids;
  }
}

const titleOf = (chapter: AdminChapterItem, language: string) => chapter.titles[language] ?? Object.values(chapter.titles)[0] ?? '';

/** A book's chapters: titles, order, publication and scheduled releases. */
export function ChaptersTable({ bookUuid, language, onChanged }: { bookUuid: string; language: string; onChanged: () => void }) {
  const { t } = useTranslation('admin-books');
  const { t: tAdmin } = useTranslation('admin');
  const client = useQueryClient();
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<string | null>(null);
  const key = ['admin', 'chapters', bookUuid];
  const chapters = useQuery({
    queryKey: [...key, page],
    queryFn: () => booksApi.chapters(bookUuid, page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: key });
    onChanged();
  };
  const reorder = useMutation({
    mutationFn: async ({ uuid, step }: { uuid: string; step: -1 | 1 }) => {
      const order = await allChapterUuids(bookUuid);
      return booksApi.reorderChapters(bookUuid, move(order, order.indexOf(uuid), step));
    },
    onSuccess: refresh,
  });
  const publish = useMutation({
    mutationFn: ({ uuid, published }: { uuid: string; published: boolean }) => booksApi.setChapterPublished(uuid, published),
    onSuccess: refresh,
  });
  const total = chapters.data?.total ?? 0;
  const failure = reorder.error ?? publish.error ?? chapters.error;

  return (
    <section className={styles.card} aria-labelledby="chapters-heading">
      <h2 id="chapters-heading">{t('chapters.title')}</h2>
      <FormNotice message={failure ? failure.message : null} />
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('chapters.number')}</th>
              <th scope="col">{t('chapters.chapterTitle')}</th>
              <th scope="col">{t('chapters.size')}</th>
              <th scope="col">{t('state')}</th>
              <th scope="col">{t('chapters.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {chapters.data?.items.map((chapter, index) => (
              <tr key={chapter.chapter_uuid}>
                <td>{chapter.number}</td>
                <td>
                  <bdi lang={language}>{titleOf(chapter, language)}</bdi>
                  {editing === chapter.chapter_uuid && (
                    <ChapterRowEditor
                      chapter={chapter}
                      onDone={() => {
                        setEditing(null);
                        refresh();
                      }}
                    />
                  )}
                </td>
                <td>
                  {chapter.word_count !== null
                    ? t('chapters.words', { value: formatNumber(chapter.word_count) })
                    : t('chapters.pages', { value: formatNumber(chapter.page_count) })}
                </td>
                <td>
                  {chapter.is_published ? t('published.published') : t('published.unpublished')}
                  {chapter.publish_at && (
                    <div className={styles.muted}>{t('chapters.scheduledFor', { when: formatDateTime(chapter.publish_at) })}</div>
                  )}
                  <div className={styles.muted}>{formatDateTime(chapter.created_at)}</div>
                </td>
                <td>
                  <div className={local.actions}>
                    <button
                      type="button"
                      className={`${styles.secondary} ${local.small}`}
                      disabled={reorder.isPending || page * PAGE_SIZE + index === 0}
                      onClick={() => reorder.mutate({ uuid: chapter.chapter_uuid, step: -1 })}
                    >
                      {t('moveUp')}
                      <span className="visually-hidden"> {t('chapters.numbered', { number: chapter.number })}</span>
                    </button>
                    <button
                      type="button"
                      className={`${styles.secondary} ${local.small}`}
                      disabled={reorder.isPending || page * PAGE_SIZE + index >= total - 1}
                      onClick={() => reorder.mutate({ uuid: chapter.chapter_uuid, step: 1 })}
                    >
                      {t('moveDown')}
                      <span className="visually-hidden"> {t('chapters.numbered', { number: chapter.number })}</span>
                    </button>
                    <button
                      type="button"
                      className={`${styles.secondary} ${local.small}`}
                      aria-expanded={editing === chapter.chapter_uuid}
                      onClick={() => setEditing(editing === chapter.chapter_uuid ? null : chapter.chapter_uuid)}
                    >
                      {t('chapters.edit')}
                      <span className="visually-hidden"> {t('chapters.numbered', { number: chapter.number })}</span>
                    </button>
                    <button
                      type="button"
                      className={`${chapter.is_published ? styles.danger : styles.button} ${local.small}`}
                      disabled={publish.isPending}
                      onClick={() => publish.mutate({ uuid: chapter.chapter_uuid, published: !chapter.is_published })}
                    >
                      {chapter.is_published ? t('unpublish') : t('publish')}
                      <span className="visually-hidden"> {t('chapters.numbered', { number: chapter.number })}</span>
                    </button>
                  </div>
                </td>
              </tr>
            ))}
            {chapters.data?.items.length === 0 && (
              <tr>
                <td colSpan={5}>{tAdmin('empty')}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {chapters.data && total > PAGE_SIZE && <Pager page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} />}
    </section>
  );
}
