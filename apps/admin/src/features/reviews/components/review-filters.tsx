import { Group, Select, TextInput } from '@mantine/core';
import { AdminReviewsPageMessages } from '@jibs/domain';
import { useMessages } from '@jibs/web-data';
import { statusFilterOptions, type StatusFilter } from '../utils/review-display';

/** The search field and status filter above each review list. */
export function ReviewFilters({
  search,
  onSearch,
  searchLabel,
  searchPlaceholder,
  status,
  onStatus,
}: {
  search: string;
  onSearch: (value: string) => void;
  searchLabel: string;
  searchPlaceholder: string;
  status: StatusFilter;
  onStatus: (value: StatusFilter) => void;
}) {
  const { AdminReviewsPageMessages: m } = useMessages({ AdminReviewsPageMessages });
  return (
    <Group align="flex-end" gap="md" wrap="wrap" role="search">
      <TextInput
        label={searchLabel}
        placeholder={searchPlaceholder}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        type="search"
        style={{ flex: '1 1 18rem' }}
      />
      <Select
        label={m.status}
        data={statusFilterOptions(m).map((option) => ({ ...option }))}
        value={status}
        onChange={(value) => onStatus((value as StatusFilter | null) ?? 'ALL')}
        allowDeselect={false}
        style={{ flex: '0 1 12rem' }}
      />
    </Group>
  );
}
