import type { ResumePoint } from '@inkstream/contracts';
import { readerPath } from '@inkstream/contracts/routes';
import type { ReaderLinkState } from '../../lib/resume-state';

/** A link target that opens a chapter at the remembered place (the reader reads the state). */
export function resumeLink(bookUuid: string, resume: ResumePoint): { to: string; state: ReaderLinkState } {
  return { to: readerPath(bookUuid, resume), state: { resume } };
}
