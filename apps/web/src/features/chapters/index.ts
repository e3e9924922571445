// The chapters feature's public face: what the reader and the library use of a book's page. Other features import only this file.
export { setFollowState } from './follow-state';
export { FollowButton } from './FollowButton';
export { AgeGate, isAgeRefusal } from './AgeGate';
export { MarkCompleted } from './StatusPicker';
export { READING_STATUSES, useReadingStatus } from './reading-status';
export { useChapterListPath } from './list-address';
export { resumeLink } from './resume-link';
export { useOnVisible } from './use-on-visible';
