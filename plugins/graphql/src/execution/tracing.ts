/**
 * `apolloServer.tracing`: every field's resolver timed, reported in the answer's
 * `extensions.tracing` in Apollo's tracing format (offsets and durations in nanoseconds).
 */
import { defaultFieldResolver, isObjectType, responsePathAsArray, type GraphQLSchema } from 'graphql';
import type { GraphqlContext } from '../types';

export function traceResolvers(schema: GraphQLSchema): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (parent, args, context: GraphqlContext, info) => {
        const timings = context.tracing;
        if (!timings) return resolve(parent, args, context, info);
        const start = process.hrtime.bigint();
        const record = () => {
          const end = process.hrtime.bigint();
          timings.resolvers.push({
            path: responsePathAsArray(info.path),
            parentType: info.parentType.name,
            fieldName: info.fieldName,
            returnType: String(info.returnType),
            startOffset: Number(start - timings.startedAt),
            duration: Number(end - start),
          });
        };
        const result = resolve(parent, args, context, info);
        if (result instanceof Promise) return result.finally(record);
        record();
        return result;
      };
    }
  }
}
