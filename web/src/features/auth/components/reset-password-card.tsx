import { useId, useRef, useState, type FormEvent } from 'react';
import { MAX_PASSWORD_LENGTH, NEW_PASSWORD_REQUIRED_MESSAGE } from '../../../../../core/domain/auth.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.js';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';
import { asSentence } from './auth-notice.js';
import { PASSWORD_RULES_HINT } from './password-rules-hint.js';

interface ResetPasswordCardProps {
  submitting: boolean;
  /** The server's refusal of the last try (a weak password), shown under the field. */
  error: string | null;
  onSubmit: (password: string) => void;
  onCancel: () => void;
}

/** The page a reset link opens: one new password, sent once; the owner signs in with it after. */
export function ResetPasswordCard({ submitting, error, onSubmit, onCancel }: ResetPasswordCardProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const problem = missing ? NEW_PASSWORD_REQUIRED_MESSAGE : error;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    if (password === '') {
      setMissing(true);
      inputRef.current?.focus();
      return;
    }
    onSubmit(password);
  }

  return (
    <Card>
      <CardHeader className="pb-4">
        <h1 className="font-serif text-3xl leading-tight font-bold text-ink">Set a new password</h1>
        <CardDescription className="text-base">Every device signed in to your account will be signed out.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-5">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-password`}>New password</Label>
            <Input
              ref={inputRef}
              id={`${id}-password`}
              type="password"
              autoComplete="new-password"
              autoFocus
              required
              maxLength={MAX_PASSWORD_LENGTH}
              aria-invalid={problem ? true : undefined}
              aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
              value={password}
              onChange={(event) => {
                setMissing(false);
                setPassword(event.target.value);
              }}
            />
            <p id={`${id}-hint`} className="text-sm text-ink-muted">
              {PASSWORD_RULES_HINT}
            </p>
            {problem && (
              <p id={`${id}-problem`} role="alert" className="text-sm text-danger">
                {asSentence(problem)}
              </p>
            )}
          </div>
          <Button type="submit" size="lg" className="w-full" disabled={submitting}>
            {submitting ? 'Saving...' : 'Set New Password'}
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={submitting}>
            Back to Sign In
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
