/**
 * The JSON value of an answer as it arrived, in bytes: its text decoded whole, and JSON.parse.
 *
 * Why whole: a large answer was once parsed in parts (its big arrays cut into runs of elements by a
 * scan in JavaScript, each run parsed on its own) and the Data API's `genesisData` left as bytes
 * until a field read it, to spare the string of 128 KiB or more that V8 keeps on pages of its own.
 * On Node 24 that cost more than it saved. Measured on the nested benchmark query (the sandbox's
 * page of 100 subnets, 553 KB, then 34 pages of L1 validators), three builds side by side over the
 * sandbox, warm, the process's user CPU per query (two rounds of 80): parts with deferral 14.6 and
 * 18.3 ms, parts alone 10.0 and 15.6, JSON.parse of the text 10.1 and 10.8; the same query without
 * `genesisData`, 11.3 and 12.0, 11.4 and 11.4, 8.1 and 8.9. The deferral put accessors on 200
 * objects a page and kept the answer's whole buffer alive (246 KB of objects and 553 KB of bytes
 * for a kept page, against 682 KB parsed whole); the scan, a byte loop V8 optimizes only after
 * several pages, took 9 to 18 ms of a fresh process's first page and 2 to 10 of each of the next
 * five, against 2 to 4 for JSON.parse. What the deferral won, from the page's last byte to the
 * fan-out's first call, was 0.4 ms (2.1 against 2.5, medians of 60 warm queries), and the query's
 * whole time was the same.
 */

/** The value of `bytes` (UTF-8, a byte order mark allowed), as JSON.parse of its text gives it. */
export function parseJsonBytes(bytes: Buffer): unknown {
  return JSON.parse(answerText(bytes));
}

/** The text of `bytes` as the answer's text: UTF-8, without a byte order mark. */
export function answerText(bytes: Buffer): string {
  return bytes.toString('utf8', bomLength(bytes));
}

/** 3 when `bytes` begin with a UTF-8 byte order mark, which is not part of the text. */
function bomLength(bytes: Buffer): number {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
}
