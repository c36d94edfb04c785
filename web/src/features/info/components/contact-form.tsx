import { useId, useRef, useState, type FormEvent } from 'react';
import { CONTACT_TOPICS, type ContactTopic } from '../../../../../core/domain/enums.js';
import {
  CONTACT_FAILED_MESSAGE,
  CONTACT_SENT_MESSAGE,
  CONTACT_SENT_TITLE,
  REQUIRED_FIELDS_MESSAGE,
  SUBMISSION_LIMITS,
} from '../../../../../core/domain/submissions.js';
import { Button } from '../../../components/ui/button.js';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';
import { Select, SelectContent, SelectItem, SelectTrigger } from '../../../components/ui/select.js';
import { Textarea } from '../../../components/ui/textarea.js';
import { toastError, toastSuccess } from '../../../lib/toast.js';
import { useSendContact } from '../api/send-contact.js';

const EMPTY = { email: '', phone: '', topic: '', message: '' };
type Field = keyof typeof EMPTY;
const REQUIRED: Field[] = ['email', 'topic', 'message'];

/** The required fields left blank, in form order. */
function missingFields(form: typeof EMPTY): Field[] {
  return REQUIRED.filter((field) => form[field].trim() === '');
}

/** Spec §2 screen 4, §5, §8: email, optional phone, topic and message. */
export function ContactForm() {
  const id = useId();
  const [form, setForm] = useState(EMPTY);
  const [invalid, setInvalid] = useState<Field[]>([]);
  const refs = useRef<Partial<Record<Field, HTMLElement | null>>>({});
  const send = useSendContact();
  const set = (field: Field) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setInvalid((current) => current.filter((name) => name !== field));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (send.isPending) return;
    const missing = missingFields(form);
    if (missing.length > 0) {
      setInvalid(missing);
      refs.current[missing[0]!]?.focus();
      toastError('Error', REQUIRED_FIELDS_MESSAGE);
      return;
    }
    const body = { email: form.email.trim(), phone: form.phone.trim() || null, topic: form.topic as ContactTopic, message: form.message.trim() };
    send.mutate(body, {
      onSuccess: () => {
        toastSuccess(CONTACT_SENT_TITLE, CONTACT_SENT_MESSAGE);
        setForm(EMPTY);
      },
      onError: () => toastError('Error', CONTACT_FAILED_MESSAGE),
    });
  }

  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    ref: (element: HTMLElement | null) => {
      refs.current[field] = element;
    },
    'aria-invalid': invalid.includes(field) || undefined,
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-email`} required>
            Email
          </Label>
          <Input {...fieldProps('email')} type="email" required autoComplete="email" maxLength={SUBMISSION_LIMITS.email} value={form.email} onChange={(e) => set('email')(e.target.value)} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-phone`}>
            Phone <span className="font-normal text-ink-muted">(optional)</span>
          </Label>
          <Input {...fieldProps('phone')} type="tel" autoComplete="tel" maxLength={SUBMISSION_LIMITS.phone} value={form.phone} onChange={(e) => set('phone')(e.target.value)} />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-topic`} required>
          Topic
        </Label>
        <Select value={form.topic} onValueChange={set('topic')}>
          <SelectTrigger {...fieldProps('topic')} aria-required="true" placeholder="Select a topic" />
          <SelectContent>
            {CONTACT_TOPICS.map((topic) => (
              <SelectItem key={topic} value={topic}>
                {topic}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-message`} required>
          Message
        </Label>
        <Textarea {...fieldProps('message')} required maxLength={SUBMISSION_LIMITS.message} rows={6} value={form.message} onChange={(e) => set('message')(e.target.value)} />
      </div>
      <p className="text-sm text-ink-muted">
        <span aria-hidden="true" className="text-danger">
          *
        </span>{' '}
        Required
      </p>
      <div>
        <Button type="submit" size="lg" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}
