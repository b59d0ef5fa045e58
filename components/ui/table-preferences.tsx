'use client';

import { createContext, useContext, type ReactNode } from 'react';

import { DEFAULT_TABLE_PREFERENCES, type TablePreferences } from '@/lib/preferences/table-preferences';

const TablePreferencesContext = createContext<TablePreferences>(DEFAULT_TABLE_PREFERENCES);

/** The signed-in member's list preferences, read on the server (so a list renders at its density at once). */
export function TablePreferencesProvider({ value, children }: { value: TablePreferences; children: ReactNode }) {
  return <TablePreferencesContext.Provider value={value}>{children}</TablePreferencesContext.Provider>;
}

export const useTablePreferences = () => useContext(TablePreferencesContext);
