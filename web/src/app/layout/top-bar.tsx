import { lazy, Suspense } from 'react';
import { Link } from '@/lib/router/index.js';
import { buttonClasses } from '@/components/ui/button.js';
import { useAuth } from '@/lib/auth-context.js';
import { paths } from '@/lib/paths.js';
import { Logo } from './logo.js';

// Only members see it: visitors never download the dropdown menu primitive and its icons.
const AvatarMenu = lazy(async () => ({ default: (await import('./avatar-menu.js')).AvatarMenu }));

/** The avatar's place while its code arrives, the same size so nothing moves. */
const avatarPlaceholder = <span aria-hidden="true" className="size-10 rounded-full bg-accent" />;

/** The bar on every page: logo, then the avatar menu or Sign In (nothing while the session loads, to avoid a flash). */
export function TopBar({ cityKey }: { cityKey: string | undefined }) {
  const { loading, user, isAdmin } = useAuth();
  return (
    <header className="border-b border-line bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo to={cityKey ? paths.city.href(cityKey) : paths.home.href()} />
        <div className="flex min-h-10 items-center">
          {!loading &&
            (user ? (
              <Suspense fallback={avatarPlaceholder}>
                <AvatarMenu user={user} isAdmin={isAdmin} />
              </Suspense>
            ) : (
              <Link to={paths.auth.href()} className={buttonClasses('primary', 'md')}>
                Sign In
              </Link>
            ))}
        </div>
      </div>
    </header>
  );
}
