import { CONTACT_TOPICS } from '@domain/enums.js';
import {
  CONTACT_FAILED_MESSAGE,
  CONTACT_SENT_MESSAGE,
  CONTACT_SENT_TITLE,
  contactBodySchema,
  REQUIRED_FIELDS_MESSAGE,
  SUBMISSION_LIMITS,
} from '@domain/submissions.js';
import { FormField } from '@/components/form/form-field.js';
import { TextAreaField, TextField } from '@/components/form/text-fields.js';
import { useSchemaForm } from '@/components/form/use-schema-form.js';
import { Button } from '@/components/ui/button.js';
import { Select, SelectContent, SelectItem, SelectTrigger } from '@/components/ui/select.js';
import { toastError, toastSuccess } from '@/lib/toast.js';
import { useSendContact } from '../api/send-contact.js';

const EMPTY = { email: '', phone: '', topic: '', message: '' };

/**
 * Spec §2 screen 4, §5, §8: email, optional phone, topic and message, checked by the schema the
 * server parses with. Each problem shows under its field; spec §8's toast still says a required
 * field is missing.
 */
export function ContactForm() {
  const form = useSchemaForm(contactBodySchema, EMPTY);
  const send = useSendContact();

  const submit = form.handleSubmit(
    async (body) => {
      await send.mutateAsync(body);
      toastSuccess(CONTACT_SENT_TITLE, CONTACT_SENT_MESSAGE);
      form.reset();
    },
    {
      onInvalid: (errors) => {
        if (Object.values(errors).includes(REQUIRED_FIELDS_MESSAGE)) toastError('Error', REQUIRED_FIELDS_MESSAGE);
      },
      onError: () => toastError('Error', CONTACT_FAILED_MESSAGE),
    },
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField field={form.field('email')} label="Email" required type="email" autoComplete="email" maxLength={SUBMISSION_LIMITS.email} />
        <TextField
          field={form.field('phone')}
          label={
            <>
              Phone <span className="font-normal text-ink-muted">(optional)</span>
            </>
          }
          type="tel"
          autoComplete="tel"
          maxLength={SUBMISSION_LIMITS.phone}
        />
      </div>
      <FormField field={form.field('topic')} label="Topic" required>
        {(control) => (
          <Select value={form.values.topic} onValueChange={form.field('topic').setValue}>
            <SelectTrigger {...control} aria-required="true" placeholder="Select a topic" />
            <SelectContent>
              {CONTACT_TOPICS.map((topic) => (
                <SelectItem key={topic} value={topic}>
                  {topic}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>
      <TextAreaField field={form.field('message')} label="Message" required maxLength={SUBMISSION_LIMITS.message} rows={6} />
      <p className="text-sm text-ink-muted">
        <span aria-hidden="true" className="text-danger">
          *
        </span>{' '}
        Required
      </p>
      <div>
        <Button type="submit" size="lg" disabled={form.pending}>
          {form.pending ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}
