'use client';

import * as MenuPrimitive from '@radix-ui/react-dropdown-menu';
import type { ComponentProps, ReactNode } from 'react';

import { cn } from './cn';
import { FLOATING_PANEL, FLOATING_PLACEMENT } from './floating';
import { OpenContext, OpenOnly, useOpenState } from './open-only';

/**
 * Not modal: a menu closes on Escape, on a click outside and on Tab, and leaves the page as it is
 * (a modal menu would hide the page from assistive technology while its controls stay focusable).
 * Its content is in the page only while open (./open-only).
 */
export function DropdownMenu({
  open: given,
  onOpenChange,
  defaultOpen,
  children,
  ...props
}: ComponentProps<typeof MenuPrimitive.Root>) {
  const [open, setOpen] = useOpenState(given, onOpenChange, defaultOpen);
  return (
    <MenuPrimitive.Root modal={false} {...props} open={open} onOpenChange={setOpen}>
      <OpenContext value={open}>{children}</OpenContext>
    </MenuPrimitive.Root>
  );
}
export const DropdownMenuTrigger = MenuPrimitive.Trigger;
export const DropdownMenuGroup = MenuPrimitive.Group;
export const DropdownMenuRadioGroup = MenuPrimitive.RadioGroup;

const itemClass =
  'relative flex min-h-9 cursor-default items-center gap-2 rounded px-2.5 py-1.5 text-sm text-slate-800 outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-slate-100';

/** The menus' least widths: a prop, not a class merged over the menu's own. */
const MIN_WIDTH = { narrow: 'min-w-44', normal: 'min-w-48', wide: 'min-w-56' } as const;

/** A menu: arrow keys move, Escape and a click outside close it, focus returns to the trigger. */
export function DropdownMenuContent({
  className,
  width = 'normal',
  ...props
}: ComponentProps<typeof MenuPrimitive.Content> & { width?: keyof typeof MIN_WIDTH }) {
  return (
    <OpenOnly>
      <MenuPrimitive.Portal>
        <MenuPrimitive.Content
          {...FLOATING_PLACEMENT}
          className={cn(
            [
              FLOATING_PANEL,
              'max-h-[var(--radix-dropdown-menu-content-available-height)] overflow-y-auto p-1',
              MIN_WIDTH[width],
            ],
            className,
          )}
          {...props}
        />
      </MenuPrimitive.Portal>
    </OpenOnly>
  );
}

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof MenuPrimitive.Item>) {
  return <MenuPrimitive.Item className={cn(itemClass, className)} {...props} />;
}

/** An item's check or dot, in the padding its item leaves on the left. */
function Indicated({ mark, children }: { mark: string; children: ReactNode }) {
  return (
    <>
      <MenuPrimitive.ItemIndicator className="absolute left-2.5" aria-hidden="true">
        {mark}
      </MenuPrimitive.ItemIndicator>
      {children}
    </>
  );
}

export function DropdownMenuCheckboxItem({
  className,
  children,
  ...props
}: ComponentProps<typeof MenuPrimitive.CheckboxItem>) {
  return (
    <MenuPrimitive.CheckboxItem className={cn(itemClass, 'pl-8', className)} {...props}>
      <Indicated mark="✓">{children}</Indicated>
    </MenuPrimitive.CheckboxItem>
  );
}

export function DropdownMenuRadioItem({
  className,
  children,
  ...props
}: ComponentProps<typeof MenuPrimitive.RadioItem>) {
  return (
    <MenuPrimitive.RadioItem className={cn(itemClass, 'pl-8', className)} {...props}>
      <Indicated mark="●">{children}</Indicated>
    </MenuPrimitive.RadioItem>
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof MenuPrimitive.Label>) {
  return (
    <MenuPrimitive.Label className={cn('px-2.5 py-1.5 text-xs font-medium text-slate-500', className)} {...props} />
  );
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof MenuPrimitive.Separator>) {
  return <MenuPrimitive.Separator className={cn('my-1 h-px bg-slate-200', className)} {...props} />;
}
