import type { ChapterContent } from '@inkstream/contracts';
import { normalizeLanguage } from '@inkstream/contracts/languages';
import { Fragment, useMemo, useState, type CSSProperties, type RefObject } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { htmlLang, isRightToLeft, type Language } from '../../lib/language';
import { pagesOf } from './ChapterPages';
import { chapterTextBlocks, illustrationSlots } from './chapter-text';
import { PagePicture } from './PagePicture';
import { TextLanguages } from './TextLanguages';
import { TextSizeControl } from './TextSizeControl';
import type { ReadingSettings } from './modes/use-reading-settings';
import { useTextTracking } from './use-text-tracking';
import styles from './ChapterText.module.css';

interface Props {
  content: ChapterContent;
  language: Language;
  scrollRoot: RefObject<HTMLElement | null>;
  /** The reader's novel settings (size, face, spacing, margins; the theme is the reading screen's). */
  settings: ReadingSettings;
  /** Shows the text in another language the chapter has. */
  onChooseLanguage(language: Language): void;
}

/**
 * A novel chapter: its text in a comfortable column (line length in `ch`) in the size, face, line
 * spacing and margins the reader chose (modes/novel-settings.ts, as CSS custom properties), with
 * the chapter's illustrations in the flow. The text's own
 * language sets `lang` and `dir`, so a Chinese fallback stays left-to-right in the Arabic interface
 * and Arabic text runs right to left everywhere; the layout uses logical properties only.
 */
export function ChapterText({ content, language, scrollRoot, settings, onChooseLanguage }: Props) {
  const { t } = useTranslation('reader');
  const textLanguage = (content.text_language && normalizeLanguage(content.text_language)) || language;
  const blocks = useMemo(() => chapterTextBlocks(content.text ?? ''), [content.text]);
  const illustrations = pagesOf(content);
  const slots = illustrationSlots(blocks.length, illustrations.length);
  const [broken, setBroken] = useState<ReadonlySet<number>>(() => new Set());
  const { end } = useTextTracking(content, language, scrollRoot);
  const { novel } = settings;
  const look = {
    '--novel-font-size': novel.fontSize,
    '--novel-line-spacing': novel.lineSpacing,
    '--novel-margins': novel.margins,
  } as CSSProperties;

  const illustrationAt = (index: number) => {
    const page = illustrations[index]!;
    const style = page.width > 0 && page.height > 0 ? ({ '--page-ratio': page.width / page.height } as CSSProperties) : undefined;
    return (
      <PagePicture
        key={`illustration-${index}`}
        page={page}
        index={index}
        alt={t('illustrationAlt', { number: index + 1, total: illustrations.length })}
        className={broken.has(index) ? styles.broken : styles.illustration}
        loading={index === 0 ? 'eager' : 'lazy'}
        style={style}
        onLoad={() => undefined}
        onError={(failed) => setBroken((previous) => new Set(previous).add(failed))}
      />
    );
  };

  return (
    <div className={styles.chapter} style={look}>
      <div className={styles.column}>
        <TextSizeControl size={novel.fontSize} onChange={(font_size) => settings.chooseDefaults({ font_size })} />
        {content.text !== null && (
          <TextLanguages language={language} shown={textLanguage} available={content.text_languages} onChoose={onChooseLanguage} />
        )}
        <article
          data-reading-text=""
          data-font={novel.fontFamily ?? 'default'}
          className={styles.text}
          lang={htmlLang(textLanguage)}
          dir={isRightToLeft(textLanguage) ? 'rtl' : 'ltr'}
        >
          {blocks.map((block, index) => (
            <Fragment key={index}>
              {slots.flatMap((slot, illustration) => (slot === index ? [illustrationAt(illustration)] : []))}
              {block}
            </Fragment>
          ))}
          {blocks.length === 0 && illustrations.map((_, index) => illustrationAt(index))}
          {blocks.length === 0 && illustrations.length === 0 && <p className={styles.empty}>{t('noText')}</p>}
        </article>
      </div>
      <div ref={end} className={styles.end} aria-hidden="true" />
    </div>
  );
}
