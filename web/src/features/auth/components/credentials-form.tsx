import { KeyRound, Mail } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { CREDENTIALS_REQUIRED_MESSAGE, EMAIL_REQUIRED_MESSAGE, MAX_PASSWORD_LENGTH } from '../../../../../core/domain/auth.js';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';
import { toastError } from '../../../lib/toast.js';
import { CitySelect } from '../../../components/city-select.js';
import { EmailField } from './email-field.js';
import { PASSWORD_RULES_HINT } from './password-rules-hint.js';
import type { AuthMode } from '../api/send-code.js';

export type AuthMethod = 'password' | 'code';

export interface Credentials {
  email: string;
  password: string;
  homeCityKey: string;
}

interface CredentialsFormProps {
  mode: AuthMode;
  method: AuthMethod;
  value: Credentials;
  onChange: (value: Credentials) => void;
  onMethodChange: (method: AuthMethod) => void;
  /** Called with valid input only (spec §5's checks are made here first). */
  onSubmit: () => void;
  busy: boolean;
  /** Focus the email field when shown (coming Back from the code step). */
  autoFocusEmail?: boolean;
  /** Opens "Forgot your password?" (offered when signing in with a password). */
  onForgotPassword?: () => void;
}

function submitLabel(mode: AuthMode, method: AuthMethod, busy: boolean): string {
  if (method === 'code') return busy ? 'Sending...' : 'Send Code';
  if (mode === 'signup') return busy ? 'Creating account...' : 'Sign Up';
  return busy ? 'Signing in...' : 'Sign In';
}

/** The method step of spec §2 screen 5: email, then a password or a code by email; a home city on sign-up. */
export function CredentialsForm({ mode, method, value, onChange, onMethodChange, onSubmit, busy, autoFocusEmail, onForgotPassword }: CredentialsFormProps) {
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [invalid, setInvalid] = useState<{ email?: boolean; password?: boolean }>({});
  const set = (patch: Partial<Credentials>) => {
    onChange({ ...value, ...patch });
    setInvalid({});
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const noEmail = value.email.trim() === '';
    const noPassword = method === 'password' && value.password === '';
    if (noEmail || noPassword) {
      setInvalid({ email: noEmail, password: noPassword });
      (noEmail ? emailRef : passwordRef).current?.focus();
      toastError('Error', method === 'code' ? EMAIL_REQUIRED_MESSAGE : CREDENTIALS_REQUIRED_MESSAGE);
      return;
    }
    onSubmit();
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <EmailField
        ref={emailRef}
        id={`${id}-email`}
        autoFocus={autoFocusEmail}
        aria-invalid={invalid.email || undefined}
        value={value.email}
        onChange={(event) => set({ email: event.target.value })}
      />
      {method === 'password' && (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-password`}>Password</Label>
          <Input
            ref={passwordRef}
            id={`${id}-password`}
            type="password"
            autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
            required
            maxLength={MAX_PASSWORD_LENGTH}
            aria-invalid={invalid.password || undefined}
            aria-describedby={mode === 'signup' ? `${id}-password-hint` : undefined}
            value={value.password}
            onChange={(event) => set({ password: event.target.value })}
          />
          {mode === 'signup' && (
            <p id={`${id}-password-hint`} className="text-sm text-ink-muted">
              {PASSWORD_RULES_HINT}
            </p>
          )}
          {mode === 'login' && onForgotPassword && (
            // After the field, so Tab still goes email, password, then this, then Sign In.
            <Button variant="link" className="h-auto justify-self-end text-sm" onClick={onForgotPassword}>
              Forgot your password?
            </Button>
          )}
        </div>
      )}
      {mode === 'signup' && (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-city`}>
            Home city <span className="font-normal text-ink-muted">(optional)</span>
          </Label>
          <CitySelect
            id={`${id}-city`}
            value={value.homeCityKey}
            onValueChange={(homeCityKey) => set({ homeCityKey })}
            placeholder="Choose your home city"
            noneLabel="No home city"
          />
        </div>
      )}
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {submitLabel(mode, method, busy)}
      </Button>
      <Button
        variant="secondary"
        className="w-full"
        onClick={() => {
          setInvalid({});
          onMethodChange(method === 'password' ? 'code' : 'password');
        }}
      >
        {method === 'password' ? <Mail aria-hidden="true" /> : <KeyRound aria-hidden="true" />}
        {method === 'password' ? 'Use an email code instead' : 'Use a password instead'}
      </Button>
    </form>
  );
}
