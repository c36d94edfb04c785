import { useId } from 'react';
import type { SessionUser } from '@domain/session.js';
import type { Profile } from '@domain/profile.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.js';
import { Input } from '@/components/ui/input.js';
import { Label } from '@/components/ui/label.js';
import { initialsOf } from '@/lib/initials.js';

/** Spec §2 screen 12: the role as the profile screen names it. */
function roleLabel(role: Profile['role']): string {
  return role === 'admin' ? 'Administrator' : 'Member';
}

function ReadOnlyField({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} value={value} readOnly className={mono ? 'font-mono text-xs read-only:bg-paper-muted sm:text-sm' : 'read-only:bg-paper-muted'} />
    </div>
  );
}

/** Avatar with the email's initials, the username (or email), then the read-only User ID and Role. */
export function UserInfoCard({ user, profile }: { user: SessionUser; profile: Profile }) {
  const name = profile.username?.trim() || user.email;
  return (
    <Card>
      <CardHeader>
        <CardTitle>User Information</CardTitle>
        <CardDescription>Your account as the site knows it.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="flex min-w-0 items-center gap-4">
          <span
            aria-hidden="true"
            className="inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-accent text-lg font-semibold text-white"
          >
            {initialsOf(user.email)}
          </span>
          <div className="min-w-0">
            <p className="truncate text-lg font-semibold text-ink">{name}</p>
            {name !== user.email && <p className="truncate text-sm text-ink-muted">{user.email}</p>}
          </div>
        </div>
        <ReadOnlyField label="User ID" value={profile.id} mono />
        <ReadOnlyField label="Role" value={roleLabel(profile.role)} />
      </CardContent>
    </Card>
  );
}
