/**
 * Reads Prometheus' text exposition format, for tests that scrape /metrics: the sum of the
 * samples of one name whose labels include the given ones.
 */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  let found = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line.startsWith(name)) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      have[key!] = value!.replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    }
    if (Object.entries(labels).every(([key, value]) => have[key] === value)) {
      sum += Number(match[3]);
      found = true;
    }
  }
  return found ? sum : 0;
}

/** Whether any sample of `name` with these labels is present at all. */
export function has(text: string, name: string, labels: Record<string, string> = {}): boolean {
  return text.split('\n').some((line) => {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) return false;
    return Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`));
  });
}
