import { initials } from '@ledgerdesk/domain/shell/display-name';
import { cn } from '../../lib/cn';

const palette = ['#4f46e5', '#0f766e', '#b45309', '#be123c', '#7c3aed', '#0369a1', '#15803d', '#a21caf'];

function colourFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return palette[hash % palette.length] ?? '#4f46e5';
}

export type AvatarProps = { name: string; src?: string | null; size?: number; className?: string };

/** A round avatar: the picture when there is one, otherwise up to two initials on a stable colour. */
export function Avatar({ name, src, size = 28, className }: AvatarProps) {
  const style = { width: size, height: size, fontSize: Math.max(10, Math.round(size * 0.4)) };
  if (src) {
    return (
      <img
        src={src}
        alt={name}
        style={style}
        className={cn('shrink-0 rounded-full object-cover', className)}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={name}
      style={{ ...style, backgroundColor: colourFor(name) }}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white',
        className,
      )}
    >
      {initials(name) || '?'}
    </span>
  );
}
