import { ArrowLeft, RotateCw } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { INVALID_CODE_FORMAT_MESSAGE, isValidOtpCode, OTP_CODE_LENGTH } from '../../../../../core/domain/auth.js';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';
import { toastError } from '../../../lib/toast.js';

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
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const valid = isValidOtpCode(code);
  // Letters or symbols never enter the box, but the person is told they were left out (a
  // pasted "Code: 123456" or a typo on a full keyboard); a short code is only unfinished.
  const [wrong, setWrong] = useState(false);
  function change(typed: string) {
    const text = withoutSpaces(typed);
    const digits = text.replace(/\D/g, '');
    setWrong(digits !== text);
    setCode(digits.slice(0, OTP_CODE_LENGTH));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (verifying) return;
    if (!valid) {
      toastError('Error', INVALID_CODE_FORMAT_MESSAGE);
      inputRef.current?.focus();
      return;
    }
    if (!(await onVerify(code))) inputRef.current?.select();
  }

  async function resend() {
    if (await onResend()) {
      setCode('');
      setWrong(false);
      inputRef.current?.focus();
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-5">
      <p className="text-sm text-ink-muted">
        We sent a {OTP_CODE_LENGTH}-digit code to <span className="font-medium break-all text-ink">{email}</span>. It
        works once and expires in 10 minutes.
      </p>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-code`}>Verification code</Label>
        <Input
          ref={inputRef}
          id={`${id}-code`}
          autoFocus
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="one-time-code"
          className="h-12 text-center font-mono text-2xl tracking-[0.5em]"
          aria-invalid={wrong || undefined}
          aria-describedby={`${id}-code-help`}
          value={code}
          onChange={(event) => change(event.target.value)}
        />
        <p id={`${id}-code-help`} className={wrong ? 'text-sm text-danger' : 'text-sm text-ink-muted'} role={wrong ? 'alert' : undefined}>
          {wrong ? `${INVALID_CODE_FORMAT_MESSAGE}. ${DIGITS_ONLY_NOTICE}` : `Enter the ${OTP_CODE_LENGTH} digits from the email.`}
        </p>
      </div>
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
