import { CaseValueMessages } from '@jibs/domain';
import { useMessages, useText } from '@jibs/web-data';

type ValueKey = keyof typeof CaseValueMessages;

const KEY_OF = new Map(
  Object.entries(CaseValueMessages).map(([key, english]) => [english, key as ValueKey]),
);

/**
 * A value the services keep in English (a relationship, a case's step, a checklist item, an
 * expense's category or payee) in the reader's words: by its own message when it is one of
 * `CaseValueMessages` (no other catalogue's same English can stand in), else through
 * `translateText` (an item or step the admin named, a janazah step).
 */
export function useCaseValue(): (english: string) => string {
  const { CaseValueMessages: local } = useMessages({ CaseValueMessages });
  const translate = useText();
  return (english) => {
    const key = KEY_OF.get(english);
    return key ? local[key] : translate(english);
  };
}
