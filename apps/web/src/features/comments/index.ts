// The comments feature's public face: the reader mounts the chapter's comments. Other features import only this file.
export { ChapterComments } from './ChapterComments';
