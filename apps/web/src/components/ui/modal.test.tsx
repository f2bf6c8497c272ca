import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { ConfirmDialog } from './dialog';
import { Modal } from './modal';

/** A page with a button that opens a form in the modal; `busy` keeps it open like a running save. */
function ModalPage({ busy = false, onClose = () => {} }: { busy?: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Rename
      </button>
      <a href="#behind">Behind the dialog</a>
      <Modal
        open={open}
        title="Rename file"
        description="Names show in the download list."
        busy={busy}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
      >
        <label>
          New name
          <input />
        </label>
        <button type="button">Save</button>
      </Modal>
    </main>
  );
}

describe('Modal (Radix Dialog)', () => {
  it('is a named, described modal dialog whose focus starts on its first field, stays inside and returns to the opener', async () => {
    const user = userEvent.setup();
    render(<ModalPage />);
    const opener = screen.getByRole('button', { name: 'Rename' });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Rename file' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Names show in the download list.',
    );
    expect(document.activeElement).toBe(screen.getByLabelText('New name'));
    // The page behind is hidden from screen readers and does not scroll while the dialog is open.
    expect(screen.queryByRole('link', { name: 'Behind the dialog' })).toBeNull();
    expect(document.body.hasAttribute('data-scroll-locked')).toBe(true);

    // Tab cycles within the dialog: field, Save, back to the field.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('New name'));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(document.body.hasAttribute('data-scroll-locked')).toBe(false);
  });

  it('stays open on Escape while busy', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<ModalPage busy onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Rename file' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('ConfirmDialog (Radix AlertDialog)', () => {
  it('asks with focus on Cancel; Escape cancels and focus goes back to the button that asked', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Delete…
          </button>
          <ConfirmDialog
            open={open}
            title="Delete product?"
            description="Buyers keep their downloads."
            confirmLabel="Delete"
            onCancel={() => setOpen(false)}
            onConfirm={onConfirm}
          />
        </>
      );
    }
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Delete…' });
    await user.click(opener);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete product?' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('cannot be cancelled while the confirmed action runs', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        busy
        title="Delete product?"
        description="Buyers keep their downloads."
        confirmLabel="Delete"
        onCancel={onCancel}
        onConfirm={() => {}}
      />,
    );
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });
});
