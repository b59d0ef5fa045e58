'use client';

import * as PopoverPrimitive from '@radix-ui/react-popover';
import type { ComponentProps } from 'react';

import { cn } from './cn';
import { FLOATING_PANEL, FLOATING_PLACEMENT } from './floating';

export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;

/** A floating panel: Escape and a click outside close it, focus returns to the trigger. */
export function PopoverContent({ className, ...props }: ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        {...FLOATING_PLACEMENT}
        className={cn(FLOATING_PANEL, 'w-64 p-3 text-sm text-slate-800 focus:outline-none', className)}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}
