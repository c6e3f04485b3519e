import { UnstyledButton } from '@mantine/core';
import { useId, type KeyboardEvent, type ReactNode } from 'react';
import classes from './faq-accordion.module.css';
import { Fold } from './fold';

export interface FaqAccordionItem {
  /** The element's id too (/faq#<id> links to it). */
  id: string;
  question: string;
  answer: ReactNode;
}

/** The keys that move between the questions, as in Mantine's Accordion (and WAI-ARIA's). */
const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const move = MOVES[event.key];
  const controls = [
    ...event.currentTarget.querySelectorAll<HTMLButtonElement>('[data-accordion-control]'),
  ];
  const index = controls.indexOf(event.target as HTMLButtonElement);
  if (!move || index < 0) return;
  event.preventDefault();
  controls[move(index, controls.length)]?.focus();
}

const Chevron = () => (
  <svg viewBox="0 0 15 15" fill="none" aria-hidden style={{ width: '1rem', height: '1rem' }}>
    <path
      d="M3.13523 6.15803C3.3241 5.95657 3.64052 5.94637 3.84197 6.13523L7.5 9.56464L11.158 6.13523C11.3595 5.94637 11.6759 5.95657 11.8648 6.15803C12.0536 6.35949 12.0434 6.67591 11.842 6.86477L7.84197 10.6148C7.64964 10.7951 7.35036 10.7951 7.15803 10.6148L3.15803 6.86477C2.95657 6.67591 2.94637 6.35949 3.13523 6.15803Z"
      fill="currentColor"
      fillRule="evenodd"
      clipRule="evenodd"
    />
  </svg>
);

/**
 * The FAQ's questions, each opening its answer independently: what Mantine's Accordion
 * (variant "separated", several open, headings of level 2) showed, with the same roles, states
 * and keys, without its JS (about 5 KB gzipped of the FAQ's first load with the Collapse).
 */
export function FaqAccordion({
  items,
  open,
  onChange,
}: {
  items: FaqAccordionItem[];
  open: string[];
  onChange: (open: string[]) => void;
}) {
  const prefix = useId();
  return (
    <div onKeyDown={moveFocus}>
      {items.map((item) => {
        const expanded = open.includes(item.id);
        const controlId = `${prefix}-control-${item.id}`;
        const panelId = `${prefix}-panel-${item.id}`;
        return (
          <div key={item.id} id={item.id} className={classes.item}>
            <h2 className={classes.title}>
              <UnstyledButton
                className={classes.control}
                data-accordion-control
                id={controlId}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() =>
                  onChange(expanded ? open.filter((id) => id !== item.id) : [...open, item.id])
                }
              >
                <span className={classes.label}>{item.question}</span>
                <span className={classes.chevron}>
                  <Chevron />
                </span>
              </UnstyledButton>
            </h2>
            <Fold expanded={expanded} id={panelId} role="region" aria-labelledby={controlId}>
              <div className={classes.content}>{item.answer}</div>
            </Fold>
          </div>
        );
      })}
    </div>
  );
}
