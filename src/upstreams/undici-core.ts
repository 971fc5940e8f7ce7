/**
 * undici's `Pool` and its errors, the two things the gateway's HTTP layer (./http.ts) takes from
 * undici, read from the files that define them rather than from undici's entry. The entry also
 * loads fetch, WebSocket, EventSource, the cache and mock dispatchers and the request/stream API
 * (which it adds to every dispatcher's prototype): none of which ./http.ts uses (it calls `dispatch`
 * and `close`), and about 40 % of the built gateway's module-loading CPU for undici at every start.
 * undici's package has no `exports` map, so these paths are its published files; a version that
 * moved them fails the build and the tests, not a request.
 */
import type { Pool as PoolClass, errors as ErrorClasses } from 'undici';
import PoolModule from 'undici/lib/dispatcher/pool.js';
import errorsModule from 'undici/lib/core/errors.js';

export const Pool: typeof PoolClass = PoolModule;
export type Pool = PoolClass;
export const errors: typeof ErrorClasses = errorsModule;
