import { US_STATES } from '@domain/us-state-names.js';
import { cityRequestBodySchema, isCityRequestComplete, SUBMISSION_LIMITS } from '@domain/submissions.js';
import { FormField } from '@/components/form/form-field.js';
import { TextField } from '@/components/form/text-fields.js';
import { useSchemaForm } from '@/components/form/use-schema-form.js';
import { Button } from '@/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.js';
import { Select, SelectContent, SelectItem, SelectTrigger } from '@/components/ui/select.js';
import { toastError, toastSuccess } from '@/lib/toast.js';
import { useCreateCityRequest } from '../api/create-city-request.js';

const EMPTY = { state: '', city_name: '', email: '' };

/** Spec §2 screen 1, §5, §8: ask for a city we do not cover yet. */
export function RequestCityDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opened from a select option, the dialog has no trigger of its own to give focus back to. */
  returnFocusTo?: () => HTMLElement | null;
}) {
  const form = useSchemaForm(cityRequestBodySchema, EMPTY);
  const request = useCreateCityRequest();
  const { state, city_name: cityName, email } = form.values;
  const complete = isCityRequestComplete({ state, cityName, email });

  const submit = form.handleSubmit(
    async (body) => {
      await request.mutateAsync(body);
      toastSuccess('Request Received!', "We've received your request. We'll notify you when we add coverage for your city.");
      form.reset();
      onOpenChange(false);
    },
    { onError: () => toastError('Error', 'There was an error submitting your request. Please try again.') },
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          const target = returnFocusTo?.();
          if (!target) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Request City Coverage</DialogTitle>
          <DialogDescription>Tell us where you live and we will let you know when we cover your city.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <FormField field={form.field('state')} label="State">
            {(control) => (
              <Select value={state} onValueChange={form.field('state').setValue}>
                <SelectTrigger {...control} placeholder="Select your state" />
                <SelectContent>
                  {US_STATES.map((name) => (
                    <SelectItem key={name} value={name}>
                      {name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
          <TextField field={form.field('city_name')} label="City Name" maxLength={SUBMISSION_LIMITS.cityName} autoComplete="address-level2" />
          <TextField
            field={form.field('email')}
            label="Email"
            type="email"
            maxLength={SUBMISSION_LIMITS.email}
            autoComplete="email"
            placeholder="you@example.com"
          />
          <DialogFooter>
            <Button type="submit" disabled={!complete || form.pending}>
              {form.pending ? 'Sending...' : 'Notify Me'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
