import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import {
  PAGE_SIZE,
  searchVariable,
  statusVariable,
  type StatusFilter,
} from '../utils/review-display';

/**
 * What a review list asks the server for: the search (debounced), the status filter and how
 * many rows; a new search or filter starts again from the first page.
 */
export function useReviewList() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [status, setStatus] = useState<StatusFilter>('ALL');
  const [limit, setLimit] = useState(PAGE_SIZE);
  return {
    limit,
    variables: { search: searchVariable(debouncedSearch), status: statusVariable(status), limit },
    filters: {
      search,
      onSearch: (value: string) => {
        setSearch(value);
        setLimit(PAGE_SIZE);
      },
      status,
      onStatus: (value: StatusFilter) => {
        setStatus(value);
        setLimit(PAGE_SIZE);
      },
    },
    showMore: () => setLimit((current) => current + PAGE_SIZE),
  };
}
