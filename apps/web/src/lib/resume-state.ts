import type { ResumePoint } from '@inkstream/contracts';

/** Router state of a "Continue" link: where in the chapter to open it. */
export interface ReaderLinkState {
  resume: ResumePoint;
}

const isNumberOrNull = (value: unknown) => value === null || value === undefined || (typeof value === 'number' && Number.isFinite(value));

/** Reads the resume point from history state, which may hold anything (another app version, a forged entry). */
export function resumeFromState(state: unknown): ResumePoint | null {
  const resume = (state as { resume?: Partial<ResumePoint> } | null)?.resume;
  if (!resume || typeof resume.chapter_uuid !== 'string') return null;
  if (![resume.page_index, resume.page_offset, resume.text_fraction].every(isNumberOrNull)) return null;
  return {
    chapter_uuid: resume.chapter_uuid,
    chapter_number: Number(resume.chapter_number) || 0,
    chapter_title: String(resume.chapter_title ?? ''),
    page_index: resume.page_index ?? null,
    page_offset: resume.page_offset ?? null,
    text_fraction: resume.text_fraction ?? null,
  };
}
