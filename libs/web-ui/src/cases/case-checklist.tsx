import { Badge, Checkbox, Group, Stack, Text } from '@mantine/core';
import { CaseReportMessages } from '@jibs/domain';
import { useMessages, useText } from '@jibs/web-data';
import { useCaseValue } from './use-case-value';

export interface CaseChecklistItemView {
  id: string;
  label: string;
  owner: string;
  done: boolean;
  familyMayTick: boolean;
  automatic: boolean;
  documentType?: string | null;
}

/** An item being ticked or unticked: shown as asked until the server answers. */
export interface PendingTick {
  itemId: string;
  done: boolean;
}

/**
 * A case's checklist. `canTick` says which items this reader may tick (admins any, the family
 * theirs); the others show their state, read-only, with who ticks them.
 */
export function CaseChecklist({
  items,
  canTick,
  pending,
  onTick,
}: {
  items: readonly CaseChecklistItemView[];
  canTick: (item: CaseChecklistItemView) => boolean;
  pending?: PendingTick | null;
  onTick: (item: CaseChecklistItemView, done: boolean) => void;
}) {
  const { CaseReportMessages: text } = useMessages({ CaseReportMessages });
  // Items and document types are the settings' English; the reader sees their language.
  const translate = useText();
  const value = useCaseValue();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Group key={item.id} component="li" gap="sm" wrap="wrap">
          <Checkbox
            label={value(item.label)}
            checked={pending?.itemId === item.id ? pending.done : item.done}
            disabled={!canTick(item) || pending?.itemId === item.id}
            onChange={(event) => onTick(item, event.currentTarget.checked)}
          />
          {item.owner === 'admin' && (
            <Badge variant="light" color="gray" size="sm">
              {text.tickedByFund}
            </Badge>
          )}
          {item.automatic && item.done && (
            <Text size="sm" c="gray.7">
              {item.documentType
                ? text.approvedDocument(translate(item.documentType))
                : text.recordedAutomatically}
            </Text>
          )}
        </Group>
      ))}
    </Stack>
  );
}
