import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const inputClasses = cn(
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs placeholder:text-slate-400',
  'focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30',
  'disabled:cursor-not-allowed disabled:bg-slate-100',
  'dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500 dark:disabled:bg-slate-800',
  'aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/30 dark:aria-invalid:border-red-400',
);

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(inputClasses, className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(inputClasses, 'min-h-28', className)} {...props} />;
}
