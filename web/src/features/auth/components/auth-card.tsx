import { useState } from 'react';
import { Button } from '@/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card.js';
import { siteName } from '@/lib/site.js';
import type { AuthMode } from '../api/send-code.js';
import { CodeStep } from './code-step.js';
import { CredentialsForm, type AuthMethod, type Credentials } from './credentials-form.js';
import { ForgotPasswordStep } from './forgot-password-step.js';
import { MailSentStatus } from './mail-sent-status.js';
import { useAuthActions } from './use-auth-actions.js';

/**
 * Spec §4 auth form: the method step, the code-sent verification step, or (after a sign-up)
 * "check your email"; and "Forgot your password?" with its own "check your email".
 */
type Step = 'method' | 'verify' | 'check-email' | 'forgot' | 'reset-sent';

const EMPTY: Credentials = { email: '', password: '', homeCityKey: '' };

function headingOf(mode: AuthMode, step: Step): { title: string; lead: string } {
  if (step === 'check-email') return { title: 'Check your email', lead: 'One more step to finish creating your account.' };
  if (step === 'forgot') return { title: 'Reset your password', lead: "We'll email you a link to set a new one." };
  if (step === 'reset-sent') return { title: 'Check your email', lead: 'Open the link in it to set a new password.' };
  if (step === 'verify') return { title: 'Enter your code', lead: 'Check your inbox for the sign-in code.' };
  if (mode === 'signup') return { title: 'Create Account', lead: `Join ${siteName()} to follow your city's meetings.` };
  return { title: 'Sign In', lead: `Welcome back to ${siteName()}.` };
}

/**
 * Spec §2 screen 5: sign in or sign up, by password or by a code sent by email. A link
 * toggles the mode, a button the method; the page moves on once the session says who is in.
 */
export function AuthCard() {
  const [mode, setMode] = useState<AuthMode>('login');
  const [method, setMethod] = useState<AuthMethod>('password');
  const [step, setStep] = useState<Step>('method');
  const [credentials, setCredentials] = useState(EMPTY);
  const [cameBack, setCameBack] = useState(false);
  const actions = useAuthActions();
  const email = credentials.email.trim();
  const homeCityKey = mode === 'signup' && credentials.homeCityKey ? credentials.homeCityKey : undefined;

  async function submitMethodStep() {
    if (method === 'code') {
      if (await actions.requestCode(email, mode)) setStep('verify');
      return;
    }
    const outcome = await actions.submitPassword({ mode, email, password: credentials.password, homeCityKey: homeCityKey ?? '' });
    if (outcome === 'check-email') {
      setCredentials((current) => ({ ...current, password: '' }));
      setStep('check-email');
    }
  }

  function switchMode() {
    setMode(mode === 'login' ? 'signup' : 'login');
    setCredentials((current) => ({ ...current, password: '' }));
    setStep('method');
  }

  function backToSignIn() {
    setMode('login');
    setMethod('password');
    setCameBack(true);
    setStep('method');
  }

  const { title, lead } = headingOf(mode, step);
  return (
    <Card>
      <CardHeader className="pb-4">
        <h1 className="font-serif text-3xl leading-tight font-bold text-ink">{title}</h1>
        <CardDescription className="text-base">{lead}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {step === 'method' && (
          <CredentialsForm
            mode={mode}
            method={method}
            value={credentials}
            onChange={setCredentials}
            onMethodChange={setMethod}
            onSubmit={() => void submitMethodStep()}
            busy={actions.busy}
            autoFocusEmail={cameBack}
            onForgotPassword={() => setStep('forgot')}
          />
        )}
        {step === 'verify' && (
          <CodeStep
            email={email}
            onVerify={(token) => actions.submitCode({ email, token, ...(homeCityKey ? { homeCityKey } : {}) })}
            onResend={() => actions.requestCode(email, mode)}
            onBack={() => {
              setCameBack(true);
              setStep('method');
            }}
            verifying={actions.verifying}
            resending={actions.sendingCode}
          />
        )}
        {step === 'check-email' && (
          <MailSentStatus onBack={backToSignIn}>
            We sent an email to <span className="font-medium break-all">{email}</span>. Open the link in it to confirm your
            address, then sign in with your password. If the address already has an account, the email says so instead.
          </MailSentStatus>
        )}
        {step === 'forgot' && (
          <ForgotPasswordStep
            email={credentials.email}
            onEmailChange={(value) => setCredentials((current) => ({ ...current, email: value }))}
            onSent={() => setStep('reset-sent')}
            onBack={backToSignIn}
          />
        )}
        {step === 'reset-sent' && (
          <MailSentStatus onBack={backToSignIn}>
            If an account uses this address, we sent it a link to set a new password. It works once, for an hour.
          </MailSentStatus>
        )}
        {step === 'method' && (
          <p className="text-center text-sm text-ink-muted">
            {mode === 'login' ? "Don't have an account?" : 'Already have an account?'}{' '}
            <Button variant="link" className="h-auto text-sm" onClick={switchMode}>
              {mode === 'login' ? 'Sign up' : 'Sign in'}
            </Button>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
