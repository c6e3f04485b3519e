import type { TypedDocumentNode } from '@apollo/client';
import { parse } from 'graphql';

/**
 * The dead-letter mutations of one service. Every subgraph has the same three under its own
 * prefix (`notificationsReplayDeadLetter`, ...), so they are written once here from the prefix;
 * the results are read through the alias `result`, the same for every service.
 */
export interface DeadLetterMutations {
  replay: TypedDocumentNode<{ result: { deadLetterId: string } }, { id: string }>;
  replayAll: TypedDocumentNode<{ result: number }, { topic: string | null }>;
  discard: TypedDocumentNode<{ result: { deadLetterId: string } }, { id: string; reason: string }>;
}

const cache = new Map<string, DeadLetterMutations>();

export function deadLetterMutations(service: string): DeadLetterMutations {
  const known = cache.get(service);
  if (known) return known;
  if (!/^[a-z][A-Za-z]*$/.test(service)) throw new Error(`Not a service prefix: ${service}`);
  const made: DeadLetterMutations = {
    replay: parse(
      `mutation ReplayDeadLetter($id: ID!) { result: ${service}ReplayDeadLetter(id: $id) { deadLetterId } }`,
    ) as DeadLetterMutations['replay'],
    replayAll: parse(
      `mutation ReplayDeadLetters($topic: String) { result: ${service}ReplayDeadLetters(topic: $topic) }`,
    ) as DeadLetterMutations['replayAll'],
    discard: parse(
      `mutation DiscardDeadLetter($id: ID!, $reason: String!) { result: ${service}DiscardDeadLetter(id: $id, reason: $reason) { deadLetterId } }`,
    ) as DeadLetterMutations['discard'],
  };
  cache.set(service, made);
  return made;
}
