// How every answer body is written, byte for byte. The build renders files with
// these functions and the router composes range answers with them, so a
// composed answer is identical to a file that would hold the same records.
//
// A list puts one record per line, separated by ",\n". That lets the router
// cut a shard between two records and join pieces without parsing JSON.
//
// Router core: keep to what nginx's njs 0.7.9 runs (no destructuring, spread,
// for-of, classes, optional chaining, Map/Set).

export const LIST_HEAD = '{"success":true,"data":[\n';
export const LIST_SEPARATOR = ',\n';
export const LIST_TAIL_START = '\n],"count":';

export function renderItem(recordJson: string): string {
  return '{"success":true,"data":' + recordJson + '}\n';
}

/** A list envelope from records already serialised one per string. */
export function renderList(recordJsons: string[]): string {
  return renderJoinedList(recordJsons.join(LIST_SEPARATOR), recordJsons.length);
}

/** A list envelope from records already joined with LIST_SEPARATOR. */
export function renderJoinedList(joined: string, count: number): string {
  if (count === 0) return '{"success":true,"data":[],"count":0}\n';
  return LIST_HEAD + joined + LIST_TAIL_START + count + '}\n';
}

export function renderError(message: string): string {
  return '{"success":false,"message":' + JSON.stringify(message) + '}\n';
}

/** The records of a list envelope, still joined, and their count. */
export function listBody(text: string): { joined: string; count: number } {
  if (text.indexOf(LIST_HEAD) !== 0) return { joined: '', count: 0 };
  const tail = text.lastIndexOf(LIST_TAIL_START);
  return { joined: text.slice(LIST_HEAD.length, tail), count: Number(text.slice(tail + LIST_TAIL_START.length, text.length - 2)) };
}
