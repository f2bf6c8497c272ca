import type { PublicUser } from '@app/shared';
import { cn } from '@/lib/cn';

function initials(user: Pick<PublicUser, 'first_name' | 'last_name' | 'email'>): string {
  const letters = `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.trim();
  return (letters || user.email.charAt(0)).toUpperCase();
}

export function UserAvatar({ user, className, src }: { user: PublicUser; className?: string; src?: string | null }) {
  const image = src ?? user.avatar ?? user.picture;
  return image ? (
    <img src={image} alt="" className={cn('size-8 rounded-full object-cover', className)} referrerPolicy="no-referrer" />
  ) : (
    <span
      aria-hidden
      className={cn(
        'flex size-8 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-600 text-xs font-semibold text-white',
        className,
      )}
    >
      {initials(user)}
    </span>
  );
}
