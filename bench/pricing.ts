/**
 * Pricing time of 100 KB documents of every hostile shape (test/helpers/hostile-documents.ts), as
 * the gateway prices them: bundled as the gateway is bundled (graphql-js as ES modules), run by
 * bench/run.ts in a process of its own, which prints one JSON line: for each shape, the least CPU
 * time of RUNS walks (the first few run unoptimised, as a gateway's first requests do) and how
 * many parses of the same text that is, measured between the walks.
 */
import { Kind, parse, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import { schema } from '../src/graph/index.js';
import { estimate } from '../src/yoga/cost-estimate.js';
import { HOSTILE_100KB } from '../test/helpers/hostile-documents.js';

const RUNS = 30;

const cpuMs = (start: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
};

const figures: Record<string, { ms: number; parses: number }> = {};
for (const [name, make] of Object.entries(HOSTILE_100KB)) {
  const { query, variables = {} } = make();
  const document = parse(query, { maxTokens: 1_000_000 });
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = Object.fromEntries(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]),
  );
  let ms = Number.POSITIVE_INFINITY;
  let parseMs = Number.POSITIVE_INFINITY;
  for (let i = 0; i < RUNS; i++) {
    let start = process.cpuUsage();
    estimate(schema, operation, fragments, variables);
    ms = Math.min(ms, cpuMs(start));
    start = process.cpuUsage();
    parse(query, { maxTokens: 1_000_000 });
    parseMs = Math.min(parseMs, cpuMs(start));
  }
  figures[name] = { ms: Math.round(ms * 100) / 100, parses: Math.round((ms / parseMs) * 100) / 100 };
}
console.log(JSON.stringify(figures));
