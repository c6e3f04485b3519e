/**
 * The element in which the gateway's page for a route with a visitor's read (a memorial's
 * page) carries that read's answer: `<script type="application/json">` holding
 * `{ variables, answer }`, the GraphQL answer as the gateway would have sent it to the visitor.
 * The page takes it rather than asking again (apps/web visitor-read.ts).
 */
export const VISITOR_READ_ELEMENT_ID = 'jibs-visitor-read';

/** What that element holds. */
export interface EmbeddedVisitorRead {
  variables: Record<string, string>;
  answer: unknown;
}
