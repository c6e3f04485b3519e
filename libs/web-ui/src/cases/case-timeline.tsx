import { Stack, Text, Timeline } from '@mantine/core';
import { CaseReportMessages } from '@jibs/domain';
import { useDateFormat, useMessages, useMoneyFormat } from '@jibs/web-data';
import { useCaseValue } from './use-case-value';

export interface CaseTimelineEntryView {
  id: string;
  step: string;
  label: string;
  notes?: string | null;
  amount?: number | null;
  at: string;
}

/** A case's steps, oldest first, as the family and the admins read them. */
export function CaseTimeline({
  entries,
  emptyText,
}: {
  entries: readonly CaseTimelineEntryView[];
  emptyText?: string;
}) {
  const { CaseReportMessages: text } = useMessages({ CaseReportMessages });
  const formatDate = useDateFormat();
  const money = useMoneyFormat();
  // The steps' labels are the cases service's English; the reader sees their language.
  const translate = useCaseValue();
  if (!entries.length) return <Text c="gray.7">{emptyText ?? text.timelineEmpty}</Text>;
  return (
    <Timeline active={entries.length - 1} bulletSize={14} lineWidth={2} color="teal.8">
      {entries.map((entry) => (
        <Timeline.Item key={entry.id} title={<Text fw={600}>{translate(entry.label)}</Text>}>
          <Stack gap={2}>
            <Text size="sm" c="gray.7">
              <time dateTime={entry.at}>{formatDate(entry.at)}</time>
              {entry.amount != null && ` · ${money.cents(entry.amount)}`}
            </Text>
            {entry.notes && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {entry.notes}
              </Text>
            )}
          </Stack>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
