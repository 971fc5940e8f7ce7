/**
 * Pricing time of 100 KB documents of every hostile shape (test/helpers/hostile-documents.ts), as
 * the gateway prices them: bundled as the gateway is bundled (graphql-js as ES modules), run by
 * bench/run.ts in a process of its own, which prints one JSON line: for each shape, the least CPU
 * time of its walks and how many parses of the same text that is (`timed`).
 */
import { HOSTILE_100KB, timed } from '../test/helpers/hostile-documents.js';

const figures: Record<string, { ms: number; parses: number }> = {};
for (const [name, make] of Object.entries(HOSTILE_100KB)) {
  const { query, variables = {} } = make();
  const { ms, parseMs } = timed(query, variables);
  figures[name] = { ms: Math.round(ms * 100) / 100, parses: Math.round((ms / parseMs) * 100) / 100 };
}
console.log(JSON.stringify(figures));
