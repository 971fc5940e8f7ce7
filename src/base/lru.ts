/**
 * An LRU of at most `most` entries that takes its memory as it fills.
 *
 * lru-cache given `max` allocates its slots for all `max` entries when it is made (two arrays of
 * `max` elements filled one by one, and typed arrays of the links): the list lengths' two caches
 * (20,000 and 5,000 entries) were 3.2 ms of a profiled start, for tables that start empty, and
 * the rate limits' 100,000 clients about 2.8 MB before the first client came. Bounded by
 * `maxSize` instead, each entry sized 1, it evicts as `max` would, the least recently used
 * first, and grows its arrays as entries come.
 */
import { LRUCache } from 'lru-cache';

export function growingLru<K extends {}, V extends {}>(most: number): LRUCache<K, V> {
  return new LRUCache<K, V>({ maxSize: most, sizeCalculation: () => 1 });
}
