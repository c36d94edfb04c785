import { useId, useState, type FormEvent } from 'react';
import { US_STATES, type UsState } from '../../../../../core/domain/us-state-names.js';
import { isCityRequestComplete, SUBMISSION_LIMITS } from '../../../../../core/domain/submissions.js';
import { Button } from '../../../components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.js';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';
import { Select, SelectContent, SelectItem, SelectTrigger } from '../../../components/ui/select.js';
import { toastError, toastSuccess } from '../../../lib/toast.js';
import { useCreateCityRequest } from '../api/create-city-request.js';

const EMPTY = { state: '', cityName: '', email: '' };

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
  const id = useId();
  const [form, setForm] = useState(EMPTY);
  const request = useCreateCityRequest();
  const complete = isCityRequestComplete(form);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!complete || request.isPending) return;
    const body = { state: form.state as UsState, city_name: form.cityName.trim(), email: form.email.trim() };
    request.mutate(body, {
      onSuccess: () => {
        toastSuccess('Request Received!', "We've received your request. We'll notify you when we add coverage for your city.");
        setForm(EMPTY);
        onOpenChange(false);
      },
      onError: () => toastError('Error', 'There was an error submitting your request. Please try again.'),
    });
  }

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
          <div className="grid gap-2">
            <Label htmlFor={`${id}-state`}>State</Label>
            <Select value={form.state} onValueChange={(state) => setForm({ ...form, state })}>
              <SelectTrigger id={`${id}-state`} placeholder="Select your state" />
              <SelectContent>
                {US_STATES.map((state) => (
                  <SelectItem key={state} value={state}>
                    {state}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-city`}>City Name</Label>
            <Input
              id={`${id}-city`}
              value={form.cityName}
              maxLength={SUBMISSION_LIMITS.cityName}
              autoComplete="address-level2"
              onChange={(event) => setForm({ ...form, cityName: event.target.value })}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-email`}>Email</Label>
            <Input
              id={`${id}-email`}
              type="email"
              value={form.email}
              maxLength={SUBMISSION_LIMITS.email}
              autoComplete="email"
              placeholder="you@example.com"
              onChange={(event) => setForm({ ...form, email: event.target.value })}
            />
          </div>
          <DialogFooter>
            <Button type="submit" disabled={!complete || request.isPending}>
              {request.isPending ? 'Sending...' : 'Notify Me'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
