/**
 * What the sandbox's Metrics API routes share: a time range read like the service reads it, and a
 * newest-first series cut to that range and paged with the sandbox's page tokens.
 */
import type { Point } from '../world/metrics.js';
import { paginate, type QueryReader } from '../routes.js';

export interface Range {
  start?: number;
  end?: number;
}

/** `startTimestamp` and `endTimestamp` (Unix seconds, at least 0), the start not after the end. */
export function readRange(q: QueryReader): Range {
  const start = q.int('startTimestamp', 0);
  const end = q.int('endTimestamp', 0);
  if (start !== undefined && end !== undefined && start > end) q.problem('startTimestamp must be less than or equal to endTimestamp');
  return { start, end };
}

export const inRange = (points: readonly Point[], range: Range): Point[] =>
  points.filter((p) => (range.start === undefined || p.timestamp >= range.start) && (range.end === undefined || p.timestamp <= range.end));

/** A page of a series as the spec's MetricsApiResponse: `results`, and `nextPageToken` when more follow. */
export function seriesPage<T extends { timestamp: number }>(
  items: readonly T[],
  page: { pageToken?: string; pageSize: number },
  fingerprint: string,
  keyOf: (item: T) => string = (p) => String(p.timestamp),
): { results: T[]; nextPageToken?: string } {
  const { page: results, nextPageToken } = paginate(items, page, fingerprint, keyOf);
  return nextPageToken ? { results, nextPageToken } : { results };
}

/** The page a series query asks for: its token, and its size within the operation's bounds. */
export function readPage(q: QueryReader, max: number, fallback: number): { pageToken?: string; pageSize: number } {
  const pageSize = q.int('pageSize', 1, max) ?? fallback;
  const pageToken = q.string('pageToken');
  return pageToken === undefined ? { pageSize } : { pageToken, pageSize };
}
