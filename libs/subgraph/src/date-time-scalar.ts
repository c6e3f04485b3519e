import { Scalar, type CustomScalar } from '@nestjs/graphql';
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';

/** The refusal of a DateTime argument that is not a date-time (e.g. `since: "soon"`). */
export const DATE_TIME_REFUSAL = 'DateTime must be a date-time string such as 2019-12-03T09:54:33Z';

const DESCRIPTION =
  'A date-time string at UTC, such as 2019-12-03T09:54:33Z, compliant with the date-time format.';

const refusal = () =>
  new GraphQLError(DATE_TIME_REFUSAL, { extensions: { code: 'BAD_USER_INPUT' } });

function parse(value: unknown): Date {
  const date = typeof value === 'string' && value.trim() !== '' ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) throw refusal();
  return date;
}

const serialize = (value: unknown): string | null =>
  value instanceof Date ? value.toISOString() : null;

function parseLiteral(ast: ValueNode): Date {
  if (ast.kind !== Kind.STRING) throw refusal();
  return parse(ast.value);
}

/**
 * Nest's `DateTime` with one change: an input that is not a date-time is refused as bad input,
 * where Nest's own makes an Invalid Date that reaches the database (an INTERNAL error). Same name
 * and description, so the schema does not change.
 */
export const StrictDateTime = new GraphQLScalarType<Date, string | null>({
  name: 'DateTime',
  description: DESCRIPTION,
  parseValue: parse,
  serialize,
  parseLiteral,
});

/** The same scalar as a Nest provider: a federated subgraph takes its scalars from these. */
@Scalar('DateTime', () => Date)
export class DateTimeScalar implements CustomScalar<string | null, Date> {
  description = DESCRIPTION;
  parseValue = parse;
  serialize = serialize;
  parseLiteral = parseLiteral;
}
