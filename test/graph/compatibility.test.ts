/**
 * A change to the schema breaks no client unless the changelog says so: the SDL is compared with the
 * last release's (schema/released.graphql), and each breaking change must be declared under
 * "Unreleased › Breaking" in CHANGELOG.md with what a client does instead.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compatibility, declaredBreaks } from '../helpers/schema-compatibility.js';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('schema compatibility', () => {
  it('schema/schema.graphql breaks nothing of the last release that CHANGELOG.md does not declare', () => {
    const found = compatibility(read('schema/released.graphql'), read('schema/schema.graphql'), read('CHANGELOG.md'));
    expect(found.undeclared).toEqual([]);
  });

  const released = /* GraphQL */ `
    type Query { subnet(id: ID!): Subnet }
    type Subnet { id: ID! name: String isL1: Boolean! }
  `;
  const changelog = (breaking: string) =>
    `# Changelog\n\n## Unreleased\n\n### Breaking\n\n${breaking}\n\n### Added\n\n- x\n\n## 0.1.0\n\n- y\n`;

  it('fails a removed field, a changed type and a new required argument that are not declared', () => {
    const current = /* GraphQL */ `
      type Query { subnet(id: ID!, network: String!): Subnet }
      type Subnet { id: ID! isL1: String }
    `;
    const found = compatibility(released, current, changelog('Nothing breaks.'));
    expect(found.undeclared.sort()).toEqual([
      'FIELD_CHANGED_KIND: Subnet.isL1 changed type from Boolean! to String.',
      'FIELD_REMOVED: Subnet.name was removed.',
      'REQUIRED_ARG_ADDED: A required arg network on Query.subnet was added.',
    ]);
    // Declared by its field's coordinate, the new required argument passes.
    const declared = compatibility(
      released,
      current,
      changelog('- `Query.subnet`: `network` is required; pass it instead of relying on MAINNET.'),
    );
    expect(declared.undeclared).toHaveLength(2);
  });

  it('passes a break declared with its coordinate and what to use instead, and only then', () => {
    const current = /* GraphQL */ `
      type Query { subnet(id: ID!): Subnet }
      type Subnet { id: ID! isL1: Boolean! }
    `;
    expect(compatibility(released, current, changelog('- `Subnet.name`: removed; use `Subnet.id` instead.')).undeclared).toEqual([]);
    // Named without a way forward, or in a released section, it is not declared.
    expect(compatibility(released, current, changelog('- `Subnet.name` removed.')).undeclared).toHaveLength(1);
    const inRelease = `# Changelog\n\n## Unreleased\n\n### Breaking\n\nNone.\n\n## 0.1.0\n\n### Breaking\n\n- \`Subnet.name\`: use \`id\` instead.\n`;
    expect(compatibility(released, current, inRelease).undeclared).toHaveLength(1);
  });

  it('reads the declared breaks of the Unreleased section only', () => {
    expect([...declaredBreaks(read('CHANGELOG.md')).keys()]).toEqual([]);
  });
});
