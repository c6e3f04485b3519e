import { Select, type SelectProps } from '@mantine/core';
import { US_STATES } from '@jibs/domain';
// Mantine's styles past the first page (the Select's Input, Combobox and Popover among them):
// step 1 renders before the Apollo client, with which they come to the other screens.
import '../../../shared/apollo/styles-screens';

/**
 * The address's State, a searchable list. A module of its own: Mantine's Select (its popover,
 * floating-ui, scroll area and focus trap: 30 KB) loads after step 1's first render.
 */
export default function StateSelect(props: Omit<SelectProps, 'data'>) {
  return (
    <Select
      data={US_STATES}
      searchable
      allowDeselect={false}
      autoComplete="address-level1"
      {...props}
    />
  );
}
