import Trash2 from 'lucide-react/icons/trash';
import { useState } from 'react';
import { useNavigate } from '@/lib/router/index.js';
import { Button } from '@/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.js';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog.js';
import { paths } from '@/lib/paths.js';
import { toastError, toastSuccess } from '@/lib/toast.js';
import { useAuth } from '@/lib/auth-context.js';
import { useDeleteAccount } from '../api/delete-account.js';

const ACCOUNT_DELETED = 'Your account has been deleted';

/**
 * Beyond the spec, as the privacy page promises: delete the account after a confirmation.
 * The server ends the session with the account; here the user is forgotten and sent home.
 */
export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  const { forgetSession } = useAuth();
  const navigate = useNavigate();
  const remove = useDeleteAccount();

  function confirmDelete() {
    if (remove.isPending) return;
    remove.mutate(undefined, {
      onSuccess: async () => {
        setOpen(false);
        await forgetSession();
        toastSuccess(ACCOUNT_DELETED, 'Your account and the data kept about it are gone.');
        await navigate(paths.home.href());
      },
      onError: (error) => toastError('Error', error.message),
    });
  }

  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle>Delete Account</CardTitle>
        <CardDescription>
          Removes your account, your profile and home city, your saved searches and their alerts, and the contact messages and city requests sent from your email
          address. This cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
          <DialogTrigger asChild>
            <Button variant="destructive">
              <Trash2 aria-hidden="true" />
              Delete my account
            </Button>
          </DialogTrigger>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Delete your account?</DialogTitle>
              <DialogDescription>
                Your account and everything kept about it are removed at once and you are signed out. You can sign up
                again later, but nothing comes back.
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="secondary" disabled={remove.isPending}>
                  Cancel
                </Button>
              </DialogClose>
              <Button variant="destructive" onClick={confirmDelete} disabled={remove.isPending}>
                {remove.isPending ? 'Deleting...' : 'Delete my account'}
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
