/** The staff member's theme choice, kept per browser in a cookie the root layout reads. */
export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEME_COOKIE = 'theme';

export function parseTheme(value: string | undefined): ThemeChoice {
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** Applies a choice at once and keeps it for a year; "system" forgets the choice. */
export function chooseTheme(choice: ThemeChoice): void {
  const root = document.documentElement;
  root.classList.remove('light', 'dark');
  if (choice !== 'system') root.classList.add(choice);
  document.cookie =
    choice === 'system'
      ? `${THEME_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`
      : `${THEME_COOKIE}=${choice}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

export function currentTheme(): ThemeChoice {
  const root = document.documentElement;
  return root.classList.contains('dark') ? 'dark' : root.classList.contains('light') ? 'light' : 'system';
}
