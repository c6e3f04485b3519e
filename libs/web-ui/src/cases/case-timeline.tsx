import { Stack, Text, Timeline } from '@mantine/core';
import { formatCents, formatMoment } from '@jibs/domain';

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
  emptyText = 'Nothing has happened on this case yet.',
}: {
  entries: readonly CaseTimelineEntryView[];
  emptyText?: string;
}) {
  if (!entries.length) return <Text c="gray.7">{emptyText}</Text>;
  return (
    <Timeline active={entries.length - 1} bulletSize={14} lineWidth={2} color="teal.8">
      {entries.map((entry) => (
        <Timeline.Item key={entry.id} title={<Text fw={600}>{entry.label}</Text>}>
          <Stack gap={2}>
            <Text size="sm" c="gray.7">
              <time dateTime={entry.at}>{formatMoment(entry.at)}</time>
              {entry.amount != null && ` · ${formatCents(entry.amount)}`}
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
