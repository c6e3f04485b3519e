import { CaseValueMessages } from '@jibs/domain';
import { useMessages, useText } from '@jibs/web-data';

type ValueKey = keyof typeof CaseValueMessages;

const KEY_OF = new Map(
  Object.entries(CaseValueMessages)
    .filter(([, english]) => typeof english === 'string')
    .map(([key, english]) => [english as string, key as ValueKey]),
);

// A checklist item's tick as the cases service words it: '<item>: done' / '<item>: not done'.
const DONE = CaseValueMessages.itemDone('');
const NOT_DONE = CaseValueMessages.itemNotDone('');

/**
 * A value the services keep in English (a relationship, a case's step, a checklist item, an
 * expense's category or payee) in the reader's words: by its own message when it is one of
 * `CaseValueMessages` (no other catalogue's same English can stand in), else through
 * `translateText` (an item or step the admin named, a janazah step); a tick's line by its item's words.
 */
export function useCaseValue(): (english: string) => string {
  const { CaseValueMessages: local } = useMessages({ CaseValueMessages });
  const translate = useText();
  const value = (english: string): string => {
    const key = KEY_OF.get(english);
    if (key) return local[key] as string;
    if (english.endsWith(NOT_DONE))
      return local.itemNotDone(value(english.slice(0, -NOT_DONE.length)));
    if (english.endsWith(DONE)) return local.itemDone(value(english.slice(0, -DONE.length)));
    return translate(english);
  };
  return value;
}
