import ArrowLeft from 'lucide-react/icons/arrow-left';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { useState } from 'react';
import { INVALID_CODE_FORMAT_MESSAGE, isValidOtpCode, OTP_CODE_LENGTH, otpCodeSchema } from '@domain/auth.js';
import { TextField } from '@/components/form/text-fields.js';
import { useSchemaForm } from '@/components/form/use-schema-form.js';
import { Button } from '@/components/ui/button.js';
import { toastError } from '@/lib/toast.js';

interface CodeStepProps {
  email: string;
  /** Resolves true when the code was accepted (the page then moves on). */
  onVerify: (code: string) => Promise<boolean>;
  /** Resolves true when a new code was sent. */
  onResend: () => Promise<boolean>;
  onBack: () => void;
  verifying: boolean;
  resending: boolean;
}

/** Typed or pasted codes often carry spaces ("123 456"); they are not part of the code. */
const withoutSpaces = (text: string) => text.replace(/\s+/g, '');

/** Said when letters or symbols were typed or pasted and left out: the box takes digits only. */
const DIGITS_ONLY_NOTICE = 'The code is digits only: letters and symbols are left out.';

/**
 * The verification step of spec §2 screen 5 and §5: exactly 6 digits, Verify disabled until
 * then; 'Resend Code' mails a new one; 'Back' returns to the method step.
 */
export function CodeStep({ email, onVerify, onResend, onBack, verifying, resending }: CodeStepProps) {
  const form = useSchemaForm(otpCodeSchema, { token: '' });
  const field = form.field('token');
  const code = field.value;
  const valid = isValidOtpCode(code);
  const input = () => document.getElementById(field.id) as HTMLInputElement | null;
  // Letters or symbols never enter the box, but the person is told they were left out (a
  // pasted "Code: 123456" or a typo on a full keyboard); a short code is only unfinished.
  const [wrong, setWrong] = useState(false);
  function change(typed: string) {
    const text = withoutSpaces(typed);
    const digits = text.replace(/\D/g, '');
    setWrong(digits !== text);
    field.setValue(digits.slice(0, OTP_CODE_LENGTH));
  }

  const submit = form.handleSubmit(
    async ({ token }) => {
      if (verifying) return;
      if (!(await onVerify(token))) input()?.select();
    },
    { onInvalid: () => toastError('Error', INVALID_CODE_FORMAT_MESSAGE) },
  );

  async function resend() {
    if (await onResend()) {
      form.reset();
      setWrong(false);
      input()?.focus();
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <p className="text-sm text-ink-muted">
        We sent a {OTP_CODE_LENGTH}-digit code to <span className="font-medium break-all text-ink">{email}</span>. It
        works once and expires in 10 minutes.
      </p>
      <TextField
        field={{ ...field, setValue: change, error: wrong ? `${INVALID_CODE_FORMAT_MESSAGE}. ${DIGITS_ONLY_NOTICE}` : field.error }}
        label="Verification code"
        hint={wrong ? undefined : `Enter the ${OTP_CODE_LENGTH} digits from the email.`}
        autoFocus
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="one-time-code"
        className="h-12 text-center font-mono text-2xl tracking-[0.5em]"
      />
      <Button type="submit" size="lg" className="w-full" disabled={!valid || verifying}>
        {verifying ? 'Verifying...' : 'Verify Code'}
      </Button>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
        <Button variant="ghost" onClick={onBack} disabled={verifying}>
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
        <Button variant="ghost" onClick={() => void resend()} disabled={resending || verifying}>
          <RotateCw aria-hidden="true" />
          {resending ? 'Sending...' : 'Resend Code'}
        </Button>
      </div>
    </form>
  );
}
