/**
 * The schema compatibility check: what a change to the SDL breaks for a client of the last release,
 * and whether CHANGELOG.md declares each break. graphql-js's findBreakingChanges compares the two
 * schemas (GraphQL Inspector does the same with more words, and a dependency tree of its own); its
 * descriptions name the schema coordinate (`Subnet.name was removed.`), which is what the changelog
 * must name.
 */
import { type BreakingChange, buildSchema, findBreakingChanges, findDangerousChanges, type DangerousChange } from 'graphql';

export interface Compatibility {
  /** Every breaking change, as graphql-js describes it. */
  breaking: BreakingChange[];
  /** Breaking changes the changelog's Unreleased section does not declare. */
  undeclared: string[];
  /** Changes that may change what a client sees (a default value, an enum value added). */
  dangerous: DangerousChange[];
}

/**
 * The schema coordinate a change is about: the first `Type.field` its description names (an
 * argument's change is its field's), else the type it opens with.
 */
export function coordinateOf(change: { description: string }): string {
  return (
    /\b[A-Za-z_]\w*\.[A-Za-z_]\w*/.exec(change.description)?.[0] ?? /^[A-Za-z_]\w*/.exec(change.description)?.[0] ?? change.description
  );
}

/**
 * The Breaking part of the changelog's Unreleased section: the coordinates its bullets open with,
 * each bullet also saying what a client does instead (`instead`, `use`, or `deprecat…`).
 */
export function declaredBreaks(changelog: string): Map<string, string> {
  const unreleased = /^## Unreleased\s*$([\s\S]*?)(?=^## )/m.exec(changelog)?.[1] ?? '';
  const breaking = /^### Breaking\s*$([\s\S]*?)(?=^### |$(?![\s\S]))/m.exec(unreleased)?.[1] ?? '';
  const declared = new Map<string, string>();
  for (const bullet of breaking.split(/^- /m).slice(1)) {
    const coordinate = /^`([^`]+)`/.exec(bullet)?.[1];
    if (coordinate && /\b(instead|use|deprecat)/i.test(bullet)) declared.set(coordinate, bullet.trim());
  }
  return declared;
}

export function compatibility(releasedSdl: string, currentSdl: string, changelog: string): Compatibility {
  const released = buildSchema(releasedSdl);
  const current = buildSchema(currentSdl);
  const breaking = findBreakingChanges(released, current);
  const declared = declaredBreaks(changelog);
  const undeclared = breaking.filter((c) => !declared.has(coordinateOf(c))).map((c) => `${c.type}: ${c.description}`);
  return { breaking, undeclared, dangerous: findDangerousChanges(released, current) };
}
