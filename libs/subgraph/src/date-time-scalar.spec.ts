import { graphql, GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import { DATE_TIME_REFUSAL, StrictDateTime } from './date-time-scalar';

const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: {
      echo: {
        type: GraphQLString,
        args: { at: { type: StrictDateTime } },
        resolve: (_root, { at }: { at: Date }) => at.toISOString(),
      },
    },
  }),
});

describe('the DateTime scalar', () => {
  it('takes an ISO date-time as a variable and as a literal', async () => {
    const variable = await graphql({
      schema,
      source: 'query($at: DateTime) { echo(at: $at) }',
      variableValues: { at: '2026-11-27T10:00:00Z' },
    });
    expect(variable).toEqual({ data: { echo: '2026-11-27T10:00:00.000Z' } });
    const literal = await graphql({ schema, source: '{ echo(at: "2026-11-27T10:00:00Z") }' });
    expect(literal).toEqual({ data: { echo: '2026-11-27T10:00:00.000Z' } });
  });

  it.each(['soon', '', '2026-13-45T99:00:00Z', 42, true])(
    'refuses %j as bad input, naming the format, before any resolver runs',
    async (at) => {
      const result = await graphql({
        schema,
        source: 'query($at: DateTime) { echo(at: $at) }',
        variableValues: { at },
      });
      expect(result.data).toBeUndefined();
      expect(result.errors?.[0]?.message).toContain(DATE_TIME_REFUSAL);
      expect(result.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT' });
    },
  );

  it('refuses a literal that is not a date-time', async () => {
    const result = await graphql({ schema, source: '{ echo(at: "tomorrow") }' });
    expect(result.errors?.[0]?.message).toContain(DATE_TIME_REFUSAL);
  });
});
