// The spool: where the composer (njs) leaves a long answer for the backend to
// serve from the file (conf.ts), so that njs, whose memory lasts as long as its
// request, ends as soon as the answer is composed (issue 31: nginx's memory
// under clients that never read).

/** Answers longer than this leave njs through the spool; shorter ones leave in one write to the backend. */
export const SPOOL_BYTES = 64 * 1024;

/**
 * How long a spool file lives: the backend opens it right after the composer
 * answers (once open, a file swept meanwhile is still read whole); njs removes
 * older ones. A file gone before it was opened is composed again and sent directly.
 */
export const SPOOL_SECONDS = 10;
