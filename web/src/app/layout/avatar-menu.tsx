import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import LogOut from 'lucide-react/icons/log-out';
import Newspaper from 'lucide-react/icons/newspaper';
import UserRound from 'lucide-react/icons/user-round';
import { Link } from '@/lib/router/index.js';
import type { SessionUser } from '@domain/session.js';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.js';
import { useSignOut } from '@/features/auth/use-sign-out.js';
import { initialsOf } from '@/lib/initials.js';
import { paths } from '@/lib/paths.js';

/** The signed-in user's menu: Profile; Admin Panel and Story Playground for admins; Sign Out. */
export function AvatarMenu({ user, isAdmin }: { user: SessionUser; isAdmin: boolean }) {
  const signOut = useSignOut();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={`Account menu for ${user.email}`}
        className="inline-flex size-10 items-center justify-center rounded-full bg-accent text-sm font-semibold text-white hover:bg-accent-strong"
      >
        {initialsOf(user.email)}
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="truncate">{user.email}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={paths.profile.href()}>
            <UserRound aria-hidden="true" />
            Profile
          </Link>
        </DropdownMenuItem>
        {isAdmin && (
          <>
            <DropdownMenuItem asChild>
              <Link to={paths.admin.root.href()}>
                <LayoutDashboard aria-hidden="true" />
                Admin Panel
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to={paths.admin.storyPlayground.href()}>
                <Newspaper aria-hidden="true" />
                Story Playground
              </Link>
            </DropdownMenuItem>
          </>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
