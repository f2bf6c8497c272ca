import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { dialogOverlayClasses, dialogPanelClasses, useReturnFocus } from './modal';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Disables both buttons while the confirmed action runs. */
  busy?: boolean;
  tone?: 'danger' | 'primary';
}

/**
 * A modal question with Cancel and a confirm button (Radix AlertDialog: focus starts on Cancel,
 * stays inside, the page behind neither scrolls nor reads out). Escape cancels; a click outside
 * does not, as the question needs an answer.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
  tone = 'danger',
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onCancel();
      }}
    >
      {/*
        Only an open dialog mounts its portal. A closed one mounted Radix's Presence, whose first layout
        effect sends a state update at once: in a page's first commit (every "add to cart" button has one)
        that update made React run all the page's passive effects in the same task, not in a later one.
      */}
      {open && (
        <AlertDialog.Portal>
          <AlertDialog.Overlay className={dialogOverlayClasses} />
          <AlertDialog.Content
            className={dialogPanelClasses}
            {...returnFocus}
            onEscapeKeyDown={(event) => {
              if (busy) event.preventDefault();
            }}
          >
            <AlertDialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">{title}</AlertDialog.Title>
            <AlertDialog.Description asChild>
              <div className="mt-2 text-sm text-slate-600 dark:text-slate-400">{description}</div>
            </AlertDialog.Description>
            <div className="mt-6 flex justify-end gap-3">
              <AlertDialog.Cancel asChild>
                <Button variant="outline" disabled={busy}>
                  {t('common.cancel')}
                </Button>
              </AlertDialog.Cancel>
              <Button variant={tone} onClick={onConfirm} loading={busy}>
                {confirmLabel}
              </Button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      )}
    </AlertDialog.Root>
  );
}
