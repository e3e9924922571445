// The comments feature's public face: the reader mounts the chapter's comments, and the end-of-chapter card links to them. Other features import only this file.
export { ChapterComments } from './ChapterComments';
export { CommentsLink } from './CommentsLink';
