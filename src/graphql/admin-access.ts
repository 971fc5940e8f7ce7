/**
 * Who may use the node's admin operations: nobody unless the operator sets ADMIN_TOKEN, then
 * only requests with `Authorization: Bearer <ADMIN_TOKEN>`.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export type AdminAccess = { granted: true } | { granted: false; reason: 'not-configured' | 'missing' | 'wrong' };

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Checks a request's Authorization header against a configured bearer token: ADMIN_TOKEN for the
 * node's admin operations, SUBGRAPH_TOKEN for the federation subgraph's router.
 */
export function adminAccess(token: string | undefined, authorization: string | null): AdminAccess {
  if (!token) return { granted: false, reason: 'not-configured' };
  const match = /^Bearer\s+(.+)$/i.exec(authorization?.trim() ?? '');
  if (!match) return { granted: false, reason: 'missing' };
  // Equal-length digests, so the comparison takes the same time whatever the guess.
  return timingSafeEqual(digest(match[1]!), digest(token)) ? { granted: true } : { granted: false, reason: 'wrong' };
}

/** What a refused client is told, without revealing anything about the token. */
export function adminRefusal(access: AdminAccess): string {
  if (access.granted) return '';
  switch (access.reason) {
    case 'not-configured':
      return 'Node admin operations are turned off on this gateway: the operator has not set ADMIN_TOKEN.';
    case 'missing':
      return 'Node admin operations need the header `Authorization: Bearer <ADMIN_TOKEN>`.';
    case 'wrong':
      return "Node admin operations refused: the bearer token is not the gateway's ADMIN_TOKEN.";
  }
}
