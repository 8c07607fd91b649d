// The table of a list view: its rows, keys and selection from the view, in a box of the table's height.
import { Box } from 'ink';
import { Table, type TableProps } from '../table/Table.js';
import type { ListView } from './useListView.js';

export type ListTableProps<R> = Omit<TableProps<R>, 'rows' | 'getKey' | 'selectedKey'> & { view: ListView<R> };

export function ListTable<R>({ view, ...props }: ListTableProps<R>) {
  return (
    <Box height={props.height} flexDirection="column">
      <Table<R> {...view.table} {...props} />
    </Box>
  );
}
