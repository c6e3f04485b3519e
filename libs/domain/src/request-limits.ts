/**
 * The largest GraphQL request body the gateway and the services read (JSON, in bytes): about
 * 250 typical death reports in one restore. Larger bodies are refused before they are parsed:
 * parsing and validating a GraphQL document costs seconds of CPU per few megabytes.
 */
export const MAX_GRAPHQL_REQUEST_BYTES = 100 * 1024;

/** How a refused request body reads, in GraphQL's error shape (BAD_USER_INPUT). */
export const RequestMessages = {
  tooLarge: `The request is too large (limit ${MAX_GRAPHQL_REQUEST_BYTES / 1024} KB).`,
  notJson: 'The request body is not valid JSON.',
} as const;
