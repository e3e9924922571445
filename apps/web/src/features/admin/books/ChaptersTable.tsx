import type { AdminChapterItem } from '@inkstream/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { ConfirmButton } from '../shell/ConfirmButton';
import { FormNotice } from '../shell/FieldError';
import { ScrollRegion } from '../shell/ScrollRegion';
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

/** The chapter's title in the console's language where it has one, else in the book's original (issue 56). */
const titleOf = (chapter: AdminChapterItem, consoleLanguage: string, original: string) => {
  const own = chapter.titles[consoleLanguage];
  if (own) return { title: own, language: consoleLanguage };
  return { title: chapter.titles[original] ?? Object.values(chapter.titles)[0] ?? '', language: original };
};

function ChapterTitle({ chapter, original }: { chapter: AdminChapterItem; original: string }) {
  const { i18n } = useTranslation('admin-books');
  const { title, language } = titleOf(chapter, i18n.language, original);
  return <bdi lang={language}>{title}</bdi>;
}

/** When a chapter comes out, in the table itself: published since, scheduled for, or a draft with no time. */
function ReleaseCell({ chapter }: { chapter: AdminChapterItem }) {
  const { t } = useTranslation('admin-books');
  if (chapter.is_published) {
    return (
      <>
        {t('published.published')}
        <div className={styles.muted}>{t('chapters.releasedAt', { when: formatDateTime(chapter.created_at) })}</div>
      </>
    );
  }
  if (chapter.publish_at) return <div>{t('chapters.scheduledFor', { when: formatDateTime(chapter.publish_at) })}</div>;
  return (
    <>
      {t('chapters.draft')}
      <div className={styles.muted}>{t('chapters.noReleaseTime')}</div>
    </>
  );
}

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
      <ScrollRegion label={t('chapters.title')}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('chapters.number')}</th>
              <th scope="col">{t('chapters.chapterTitle')}</th>
              <th scope="col">{t('chapters.size')}</th>
              <th scope="col">{t('chapters.release')}</th>
              <th scope="col">{t('chapters.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {chapters.data?.items.map((chapter, index) => (
              <tr key={chapter.chapter_uuid}>
                <td>{chapter.number}</td>
                <td>
                  <ChapterTitle chapter={chapter} original={language} />
                  {editing === chapter.chapter_uuid && (
                    <ChapterRowEditor
                      chapter={chapter}
                      bookUuid={bookUuid}
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
                  <ReleaseCell chapter={chapter} />
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
                    {chapter.is_published ? (
                      <ConfirmButton
                        className={`${styles.danger} ${local.small}`}
                        disabled={publish.isPending}
                        question={t('chapters.unpublishQuestion', { number: chapter.number })}
                        confirmLabel={
                          <>
                            {t('confirmUnpublish')}
                            <span className="visually-hidden"> {t('chapters.numbered', { number: chapter.number })}</span>
                          </>
                        }
                        onConfirm={() => publish.mutate({ uuid: chapter.chapter_uuid, published: false })}
                      >
                        {t('unpublish')}
                        <span className="visually-hidden"> {t('chapters.numbered', { number: chapter.number })}</span>
                      </ConfirmButton>
                    ) : (
                      <button
                        type="button"
                        className={`${styles.button} ${local.small}`}
                        disabled={publish.isPending}
                        onClick={() => publish.mutate({ uuid: chapter.chapter_uuid, published: true })}
                      >
                        {t('publish')}
                        <span className="visually-hidden"> {t('chapters.numbered', { number: chapter.number })}</span>
                      </button>
                    )}
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
      </ScrollRegion>
      {chapters.data && total > PAGE_SIZE && <Pager page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} />}
    </section>
  );
}
