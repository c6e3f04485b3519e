import {
  MyMemorialInvitationsDocument,
  type MyMemorialInvitationsQuery,
  type MyMemorialInvitationsQueryVariables,
} from '../../../gql/graphql';
import { useTypedQuery, type QueryArgs } from '../../../shared/hooks/typed-operations';

/** The `MyMemorialInvitations` query (`graphql/memorials.graphql`). */
export function useMyMemorialInvitationsQuery(
  ...args: QueryArgs<MyMemorialInvitationsQuery, MyMemorialInvitationsQueryVariables>
) {
  return useTypedQuery(MyMemorialInvitationsDocument, ...args);
}
