/**
 * The manual as tests read it: README.md and every page of docs/, for the snippets they hold
 * (test/examples/examples.test.ts runs its queries, test/graph/federation.test.ts its supergraph
 * query, test/docs/manual.test.ts its shell commands).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** README.md, then docs/*.md in name order: each page's path (from the root) and text. */
export function manualPages(): { path: string; text: string }[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`);
  return ['README.md', ...docs].map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));
}

/** The fenced blocks of one language across the manual, with the page each is on. */
export function manualBlocks(language: string): { path: string; text: string }[] {
  const fence = new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\``, 'gm');
  return manualPages().flatMap((page) => [...page.text.matchAll(fence)].map((m) => ({ path: page.path, text: m[1]! })));
}
