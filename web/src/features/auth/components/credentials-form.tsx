import KeyRound from 'lucide-react/icons/key-round';
import Mail from 'lucide-react/icons/mail';
import type { core } from 'zod/mini';
import { loginSchema, MAX_PASSWORD_LENGTH, otpRequestSchema } from '@domain/auth.js';
import { FormField } from '@/components/form/form-field.js';
import { TextField } from '@/components/form/text-fields.js';
import { useSchemaForm } from '@/components/form/use-schema-form.js';
import { Button } from '@/components/ui/button.js';
import { toastError } from '@/lib/toast.js';
import { CitySelect } from '@/components/city-select.js';
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

/**
 * The method step of spec §2 screen 5: email, then a password or a code by email; a home city on
 * sign-up. The values live in the auth card (Back and "Forgot your password?" keep the address);
 * the rules are the endpoints' own schemas, each broken one said under its field and, as spec §8
 * has it, in the toast.
 */
export function CredentialsForm({ mode, method, value, onChange, onMethodChange, onSubmit, busy, autoFocusEmail, onForgotPassword }: CredentialsFormProps) {
  const schema: core.$ZodType<unknown> = method === 'code' ? otpRequestSchema : loginSchema;
  const form = useSchemaForm(schema, value, { controlled: { values: value, onChange } });

  const submit = form.handleSubmit(
    () => {
      if (!busy) onSubmit();
    },
    {
      onInvalid: (errors) => {
        const first = errors.email ?? errors.password;
        if (first) toastError('Error', first);
      },
    },
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <EmailField field={form.field('email')} autoFocus={autoFocusEmail} />
      {method === 'password' && (
        <div className="grid gap-2">
          <TextField
            field={form.field('password')}
            label="Password"
            type="password"
            autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
            maxLength={MAX_PASSWORD_LENGTH}
            hint={mode === 'signup' ? PASSWORD_RULES_HINT : undefined}
          />
          {mode === 'login' && onForgotPassword && (
            // After the field, so Tab still goes email, password, then this, then Sign In.
            <Button variant="link" className="h-auto justify-self-end text-sm" onClick={onForgotPassword}>
              Forgot your password?
            </Button>
          )}
        </div>
      )}
      {mode === 'signup' && (
        <FormField
          field={form.field('homeCityKey')}
          label={
            <>
              Home city <span className="font-normal text-ink-muted">(optional)</span>
            </>
          }
        >
          {(control) => (
            <CitySelect
              id={control.id}
              ref={control.ref}
              value={value.homeCityKey}
              onValueChange={form.field('homeCityKey').setValue}
              placeholder="Choose your home city"
              noneLabel="No home city"
            />
          )}
        </FormField>
      )}
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {submitLabel(mode, method, busy)}
      </Button>
      <Button
        variant="secondary"
        className="w-full"
        onClick={() => {
          form.reset();
          onMethodChange(method === 'password' ? 'code' : 'password');
        }}
      >
        {method === 'password' ? <Mail aria-hidden="true" /> : <KeyRound aria-hidden="true" />}
        {method === 'password' ? 'Use an email code instead' : 'Use a password instead'}
      </Button>
    </form>
  );
}
