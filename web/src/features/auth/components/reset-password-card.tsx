import { z } from 'zod/mini';
import { MAX_PASSWORD_LENGTH, resetPasswordSchema } from '@domain/auth.js';
import { TextField } from '@/components/form/text-fields.js';
import { useSchemaForm } from '@/components/form/use-schema-form.js';
import { Button } from '@/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card.js';
import { asSentence } from './auth-notice.js';
import { PASSWORD_RULES_HINT } from './password-rules-hint.js';

/** The reset's rule for the one field this form has: the link's token is not typed. */
const newPasswordSchema = z.pick(resetPasswordSchema, { password: true });

interface ResetPasswordCardProps {
  submitting: boolean;
  /** The server's refusal of the last try (a weak password), shown under the field. */
  error: string | null;
  onSubmit: (password: string) => void;
  onCancel: () => void;
}

/** The page a reset link opens: one new password, sent once; the owner signs in with it after. */
export function ResetPasswordCard({ submitting, error, onSubmit, onCancel }: ResetPasswordCardProps) {
  const form = useSchemaForm(newPasswordSchema, { password: '' });
  const password = form.field('password');
  const problem = password.error ?? error;

  const submit = form.handleSubmit((body) => {
    if (!submitting) onSubmit(body.password);
  });

  return (
    <Card>
      <CardHeader className="pb-4">
        <h1 className="font-serif text-3xl leading-tight font-bold text-ink">Set a new password</h1>
        <CardDescription className="text-base">Every device signed in to your account will be signed out.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-5">
          <TextField
            field={{ ...password, error: problem ? asSentence(problem) : undefined }}
            label="New password"
            type="password"
            autoComplete="new-password"
            autoFocus
            maxLength={MAX_PASSWORD_LENGTH}
            hint={PASSWORD_RULES_HINT}
          />
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
