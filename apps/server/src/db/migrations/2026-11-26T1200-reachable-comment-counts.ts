import { sql, type Kysely } from 'kysely';

// Frozen history: chapters.comments_count counts the comments a reader can reach (issue 31's
// audit). It counted every visible comment, so a visible reply under a hidden or held top-level
// comment (which readers cannot open) stayed in the chapter list's figure, and the list and the
// comments heading disagreed. Now: visible top-level comments, and visible replies whose top-level
// comment is visible or deleted (a tombstone keeps its replies in place). From here on
// comment-state.repository.ts keeps it so by increments; this sets the figure of every chapter
// that has comments once, from the rows.
//
// down leaves the figures as they are: the older rule's figure is not worth restoring, and
// writes made since would have moved it by the new rule anyway.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update chapters set comments_count = (
      select count(*) from comments
      left join comments as parent on parent.id = comments.parent_id
      where comments.chapter_id = chapters.id
        and comments.state = 'visible'
        and (comments.parent_id is null or parent.state in ('visible', 'deleted'))
    )
    where exists (select 1 from comments where comments.chapter_id = chapters.id)`.execute(db);
}

export async function down(): Promise<void> {}
