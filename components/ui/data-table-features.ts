import { columnVisibilityFeature, rowSelectionFeature, rowSortingFeature, tableFeatures } from '@tanstack/react-table';

/** What every list's table can do: sort, hide columns, select rows. */
export const dataTableFeatures = tableFeatures({ rowSortingFeature, columnVisibilityFeature, rowSelectionFeature });
export type DataTableFeatures = typeof dataTableFeatures;
