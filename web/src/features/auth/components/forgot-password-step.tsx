import ArrowLeft from 'lucide-react/icons/arrow-left';
import { recoverPasswordSchema } from '@domain/auth.js';
import { useSchemaForm } from '@/components/form/use-schema-form.js';
import { Button } from '@/components/ui/button.js';
import { toastError } from '@/lib/toast.js';
import { useRequestPasswordReset } from '../api/request-password-reset.js';
import { EmailField } from './email-field.js';

interface ForgotPasswordStepProps {
  email: string;
  onEmailChange: (email: string) => void;
  /** The request was taken (the answer is the same whether or not the address has an account). */
  onSent: () => void;
  onBack: () => void;
}

/** "Forgot your password?": the address to mail a reset link to, prefilled from the sign-in form. */
export function ForgotPasswordStep({ email, onEmailChange, onSent, onBack }: ForgotPasswordStepProps) {
  const values = { email };
  const form = useSchemaForm(recoverPasswordSchema, values, { controlled: { values, onChange: (next) => onEmailChange(next.email) } });
  const request = useRequestPasswordReset();

  const submit = form.handleSubmit(
    async (body) => {
      await request.mutateAsync(body.email);
      onSent();
    },
    {
      onInvalid: (errors) => errors.email && toastError('Error', errors.email),
      onError: (error) => toastError('Error', error instanceof Error ? error.message : String(error)),
    },
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <EmailField field={form.field('email')} autoFocus />
      <Button type="submit" size="lg" className="w-full" disabled={form.pending}>
        {form.pending ? 'Sending...' : 'Send Reset Link'}
      </Button>
      <Button variant="ghost" className="justify-self-start" onClick={onBack} disabled={form.pending}>
        <ArrowLeft aria-hidden="true" />
        Back
      </Button>
    </form>
  );
}
