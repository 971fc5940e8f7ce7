/**
 * The Pothos side of src/graphql/pacing.ts: every field that returns a list of objects hands its list to
 * the request's pacer, which passes it on now or at the next turn of the event loop. Lists of
 * scalars cost little to complete and are left alone.
 */
import { BasePlugin, type PothosOutputFieldConfig, type SchemaTypes } from '@pothos/core';
import type { GraphQLFieldResolver } from 'graphql';
import type { GatewayContext } from '../graphql/context.js';

/** Items a list holds for the pacer: its length, and one for the list itself. */
const itemsOf = (value: unknown) => (Array.isArray(value) ? value.length + 1 : 1);

const isPromise = (value: unknown): value is Promise<unknown> => typeof (value as Promise<unknown> | null)?.then === 'function';

export class PacingPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override wrapResolve(
    resolver: GraphQLFieldResolver<unknown, Types['Context'], object>,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types['Context'], object> {
    const { type } = fieldConfig;
    if (type.kind !== 'List' || type.type.kind === 'Scalar' || type.type.kind === 'Enum' || type.type.kind === 'List') return resolver;
    return (parent, args, ctx, info) => {
      const result = resolver(parent, args, ctx, info);
      // Contexts made for a subscription's events have no pacer: their answers are one event each.
      const pacer = (ctx as Partial<GatewayContext>).pacer;
      if (!pacer) return result;
      return isPromise(result) ? result.then((list) => pacer.pass(list, itemsOf(list))) : pacer.pass(result, itemsOf(result));
    };
  }
}
