import { ArrowLeft } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { EMAIL_REQUIRED_MESSAGE } from '../../../../../core/domain/auth.js';
import { Button } from '../../../components/ui/button.js';
import { toastError } from '../../../lib/toast.js';
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
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const [invalid, setInvalid] = useState(false);
  const request = useRequestPasswordReset();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (request.isPending) return;
    if (email.trim() === '') {
      setInvalid(true);
      emailRef.current?.focus();
      toastError('Error', EMAIL_REQUIRED_MESSAGE);
      return;
    }
    try {
      await request.mutateAsync(email.trim());
      onSent();
    } catch (error) {
      toastError('Error', error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-5">
      <EmailField
        ref={emailRef}
        id={`${id}-email`}
        autoFocus
        aria-invalid={invalid || undefined}
        value={email}
        onChange={(event) => {
          setInvalid(false);
          onEmailChange(event.target.value);
        }}
      />
      <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
        {request.isPending ? 'Sending...' : 'Send Reset Link'}
      </Button>
      <Button variant="ghost" className="justify-self-start" onClick={onBack} disabled={request.isPending}>
        <ArrowLeft aria-hidden="true" />
        Back
      </Button>
    </form>
  );
}
