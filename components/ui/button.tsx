import { cva, type VariantProps } from 'class-variance-authority';
import { cloneElement, isValidElement, type ComponentProps, type ReactElement } from 'react';

import { cn } from './cn';

export const buttonVariants = cva(
  // The size sets the text size and the width the wrapping, so no variant's classes conflict with
  // the base's (see cn).
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-md font-medium transition-colors disabled:cursor-not-allowed',
  {
    variants: {
      variant: {
        primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700 disabled:opacity-50 dark:hover:bg-brand-500',
        secondary:
          'bg-surface text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 disabled:text-slate-400',
        danger: 'bg-rose-600 text-white shadow-sm hover:bg-rose-700 disabled:opacity-50 dark:hover:bg-rose-500',
        ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-400',
        link: 'text-brand-700 underline-offset-2 hover:underline',
      },
      size: {
        md: 'min-h-9 px-3.5 py-2 text-sm',
        /** `md`, and 44 px tall on a phone: a finger's target where a page's main actions sit among inputs */
        touch: 'min-h-11 px-4 py-2 text-sm sm:min-h-9 sm:px-3.5',
        sm: 'min-h-8 px-2.5 py-1 text-xs',
        icon: 'size-9 p-0 text-sm',
        none: 'text-sm',
      },
      /**
       * `auto` keeps its label on one line. `full` fills its row (a form's one action on a phone), as
       * a variant rather than a class to merge, and wraps a label longer than the row, centred
       * ("Configurar o início de sessão em dois passos" on a 360 px phone).
       */
      width: { auto: 'whitespace-nowrap', full: 'w-full text-center' },
    },
    defaultVariants: { variant: 'primary', size: 'md', width: 'auto' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Renders the child (a Link, an <a>) with the button's look instead of a <button>. */
    asChild?: boolean;
  };

export function Button({ variant, size, width, asChild = false, className, type = 'button', ...props }: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size, width }), className);
  if (asChild && isValidElement(props.children)) {
    // The child (a Link, an <a>) keeps its own props; the button's look is added to its classes.
    const child = props.children as ReactElement<{ className?: string }>;
    return cloneElement(child, { className: cn(classes, child.props.className) });
  }
  return <button type={type} className={classes} {...props} />;
}
