import { useId, useState } from 'react';
import { Button } from '@/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.js';
import { Label } from '@/components/ui/label.js';
import { isApiError } from '@/lib/api-client.js';
import { toastError, toastSuccess } from '@/lib/toast.js';
import { CitySelect } from '@/components/city-select.js';
import { useUpdateHomeCity } from '../api/update-home-city.js';

/** Spec §8: what a home-city change says when the session has ended meanwhile. */
const NOT_AUTHENTICATED = 'User not authenticated';

/**
 * Spec §2 screen 12, §5, §8: choose the city the home page sends you to. The button needs a
 * chosen city and is disabled while the change is saved.
 */
export function HomeCityCard({ current }: { current: string | null }) {
  const id = useId();
  const [cityKey, setCityKey] = useState(current ?? '');
  const update = useUpdateHomeCity();

  function save() {
    if (!cityKey || update.isPending) return;
    update.mutate(cityKey, {
      onSuccess: () => toastSuccess('Success', 'Home city updated successfully'),
      onError: (error) =>
        toastError('Error', isApiError(error) && error.status === 401 ? NOT_AUTHENTICATED : 'Failed to update home city'),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Home City</CardTitle>
        <CardDescription>The home page takes you straight to this city.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={id}>City</Label>
          <CitySelect id={id} value={cityKey} onValueChange={setCityKey} placeholder="Select your home city" />
        </div>
        <div>
          <Button onClick={save} disabled={!cityKey || update.isPending}>
            {update.isPending ? 'Updating...' : 'Update Home City'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
