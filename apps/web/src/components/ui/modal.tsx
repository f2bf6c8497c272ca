import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  onClose: () => void;
  /** While true, Escape and a click outside do not close it (an action is running). */
  busy?: boolean;
  children: ReactNode;
}

export const dialogOverlayClasses = 'fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-sm';

export const dialogPanelClasses =
  'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-slate-200 bg-white p-6 shadow-xl focus:outline-none dark:border-slate-800 dark:bg-slate-900';

/**
 * Focus goes back to whatever opened the dialog. Radix returns it only to its own Trigger, and
 * these dialogs are opened from the callers' buttons, menus and rows.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      if (!opener.current?.isConnected) return;
      event.preventDefault();
      opener.current.focus();
    },
  };
}

/**
 * A modal dialog holding a small form (Radix Dialog: focus moves to its first field, stays inside
 * and returns to the opener; the page behind neither scrolls nor reads out). Escape or a click
 * outside closes it unless it is busy.
 */
export function Modal({ open, title, description, onClose, busy = false, children }: ModalProps) {
  const returnFocus = useReturnFocus();
  const keepOpenWhileBusy = (event: Event) => {
    if (busy) event.preventDefault();
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClasses} />
        <Dialog.Content
          className={dialogPanelClasses}
          {...returnFocus}
          onEscapeKeyDown={keepOpenWhileBusy}
          onInteractOutside={keepOpenWhileBusy}
          // Without a description nothing describes the dialog (Radix asks for this to be said).
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">{title}</Dialog.Title>
          {description && (
            <Dialog.Description asChild>
              <div className="mt-2 text-sm text-slate-600 dark:text-slate-400">{description}</div>
            </Dialog.Description>
          )}
          <div className="mt-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
