import { type ClassValue, clsx } from 'clsx';

/** Joins conditional class names; the one helper every component uses for `className`. */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
