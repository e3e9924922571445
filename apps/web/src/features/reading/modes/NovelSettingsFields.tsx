import { useId } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { TextSizeControl } from '../TextSizeControl';
import { ChoiceGroup } from './ChoiceGroup';
import { LINE_SPACING_RANGE, MARGINS_RANGE, type NovelFontFamily, type NovelTheme } from './novel-settings';
import type { ReadingSettings } from './use-reading-settings';
import styles from './ReadingSettingsPanel.module.css';

const FONTS: readonly ('default' | NovelFontFamily)[] = ['default', 'serif', 'sans'];
const THEMES: readonly NovelTheme[] = ['system', 'light', 'sepia', 'dark'];

/**
 * The novel reader's settings: the reader's defaults, for every novel. They apply as they are
 * changed, behind the panel, so the reader sees the text change.
 */
export function NovelSettingsFields({ settings }: { settings: ReadingSettings }) {
  const { t } = useTranslation('readingsettings');
  const { novel, chooseDefaults } = settings;
  return (
    <>
      <p className={styles.note}>{t('novel.appliesToAll')}</p>
      <div className={styles.sizeRow}>
        <span className={styles.legend} aria-hidden="true">
          {t('reader:textSize')}
        </span>
        <TextSizeControl size={novel.fontSize} onChange={(font_size) => chooseDefaults({ font_size })} />
      </div>
      <ChoiceGroup
        legend={t('novel.font')}
        value={novel.fontFamily ?? 'default'}
        options={FONTS.map((font) => ({
          value: font,
          // Each name in its own face, so the choice is seen before it is made.
          label: <span data-font={font}>{t(`novel.fonts.${font}`)}</span>,
        }))}
        onChoose={(font) => chooseDefaults({ font_family: font === 'default' ? null : font })}
      />
      <Slider
        label={t('novel.lineSpacing')}
        value={novel.lineSpacing}
        range={LINE_SPACING_RANGE}
        shown={novel.lineSpacing.toFixed(1)}
        // Tenths, as the contract keeps them: 0.1 steps add up to 1.7000000000000002 otherwise.
        onChange={(value) => chooseDefaults({ line_spacing: Math.round(value * 10) / 10 })}
      />
      <Slider
        label={t('novel.margins')}
        value={novel.margins}
        range={MARGINS_RANGE}
        shown={t('novel.marginsValue', { size: novel.margins })}
        onChange={(margins) => chooseDefaults({ margins })}
      />
      <ChoiceGroup
        legend={t('novel.theme')}
        value={novel.theme}
        options={THEMES.map((theme) => ({
          value: theme,
          label: (
            <>
              <span className={styles.swatch} data-swatch={theme} aria-hidden="true" />
              {t(`novel.themes.${theme}`)}
            </>
          ),
        }))}
        onChoose={(theme) => chooseDefaults({ theme })}
      />
    </>
  );
}

/** A labelled range with its value beside it. */
function Slider({
  label,
  value,
  range,
  shown,
  onChange,
}: {
  label: string;
  value: number;
  range: { min: number; max: number; step: number };
  shown: string;
  onChange(value: number): void;
}) {
  const id = useId();
  return (
    <div className={styles.slider}>
      <label htmlFor={id} className={styles.legend}>
        {label}
      </label>
      <input
        id={id}
        type="range"
        min={range.min}
        max={range.max}
        step={range.step}
        value={value}
        aria-valuetext={shown}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <output htmlFor={id} className={styles.value}>
        {shown}
      </output>
    </div>
  );
}
