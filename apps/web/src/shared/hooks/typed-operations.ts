import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useMutation, useQuery, useSubscription } from '@apollo/client/react';

/**
 * The three Apollo hooks bound to one typed document: what each feature's operation hook
 * (`features/<feature>/hooks/use-<operation>.ts`) calls, so a screen asks for an operation by
 * name and never handles its document. Options and results are Apollo's own.
 */

/** A query's options; its variables are required when the operation has required variables. */
// `{} extends` as Apollo's own hooks test it: true when every variable is optional.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type QueryArgs<TData, TVariables extends OperationVariables> = {} extends TVariables
  ? [options?: useQuery.Options<TData, TVariables>]
  : [options: useQuery.Options<TData, TVariables> & { variables: TVariables }];

export type QueryResult<TData, TVariables extends OperationVariables> = useQuery.Result<
  TData,
  TVariables,
  'empty' | 'complete' | 'streaming'
>;

export function useTypedQuery<TData, TVariables extends OperationVariables>(
  document: TypedDocumentNode<TData, TVariables>,
  ...[options]: QueryArgs<TData, TVariables>
): QueryResult<TData, TVariables> {
  return useQuery<TData, TVariables>(document, options as useQuery.Options<TData, TVariables>);
}

export function useTypedMutation<TData, TVariables extends OperationVariables>(
  document: TypedDocumentNode<TData, TVariables>,
  options?: useMutation.Options<TData, TVariables>,
): useMutation.ResultTuple<TData, TVariables> {
  return useMutation<TData, TVariables>(document, options);
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type SubscriptionArgs<TData, TVariables extends OperationVariables> = {} extends TVariables
  ? [options?: useSubscription.Options<TData, TVariables>]
  : [options: useSubscription.Options<TData, TVariables> & { variables: TVariables }];

export function useTypedSubscription<TData, TVariables extends OperationVariables>(
  document: TypedDocumentNode<TData, TVariables>,
  ...[options]: SubscriptionArgs<TData, TVariables>
): useSubscription.Result<TData> {
  return useSubscription<TData, TVariables>(
    document,
    options as useSubscription.Options<TData, TVariables>,
  );
}

export type MutationOptions<TData, TVariables extends OperationVariables> = useMutation.Options<
  TData,
  TVariables
>;
