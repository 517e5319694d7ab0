import { useEffect, useRef, useSyncExternalStore, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The station's own confirmation (docs/architecture.md, "Renderer", "Asking first"), in place of the browser's
 * `window.confirm`: a modal dialog in the station's look and words, with the station's keys. Enter confirms (on the
 * Cancel button it presses Cancel, as Enter presses any button), Esc cancels; focus stays inside the dialog (Tab
 * goes round its two buttons) and goes back where it was after. While it is open, no key reaches a screen: the Bench's
 * F-keys, Space and Enter wait for the answer, as they did behind the browser's box. A keyboard-wedge scan is still
 * taken by the wedge listener (components/use-wedge.ts), which runs first: its Enter answers nothing.
 *
 * `askToConfirm` may be called from anywhere (an event handler, a hook's callback); `ConfirmHost`, mounted once by the
 * App, shows the questions one at a time, in the order asked.
 */

export interface ConfirmRequest {
  /** The question, from the catalogs: what is about to happen and to what. */
  message: string;
  /** The confirming button's words (the action: "Void", "Archive"…), from the catalogs; else "OK". */
  confirm?: string;
  /** The action cannot be undone: the confirming button is red. */
  danger?: boolean;
}

interface Pending {
  id: number;
  request: ConfirmRequest;
  answer: (confirmed: boolean) => void;
}

let queue: Pending[] = [];
let asked = 0;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Asks the operator; true when confirmed. */
export function askToConfirm(request: ConfirmRequest): Promise<boolean> {
  return new Promise((resolve) => {
    const pending: Pending = {
      id: ++asked,
      request,
      answer: (confirmed) => {
        queue = queue.filter((p) => p !== pending);
        changed();
        resolve(confirmed);
      },
    };
    queue = [...queue, pending];
    changed();
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const head = () => queue[0];

/** Shows the question asked first, while there is one. Leaving the screen (Back, a link) answers every question No. */
export function ConfirmHost() {
  const pending = useSyncExternalStore(subscribe, head);
  useEffect(() => {
    const left = () => [...queue].forEach((p) => p.answer(false));
    window.addEventListener('hashchange', left);
    return () => window.removeEventListener('hashchange', left);
  }, []);
  return pending ? <ConfirmBox key={pending.id} pending={pending} /> : null;
}

function ConfirmBox({ pending }: { pending: Pending }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const { request, answer } = pending;

  useEffect(() => {
    const box = dialog.current;
    // Where the focus was, to give it back once answered.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    if (box && !box.open) box.showModal();
    confirmButton.current?.focus();
    // A key pressed while the focus is outside the dialog (after a click on the backdrop) still answers it, and goes
    // no further. Document capture runs after the wedge listener's (on the window).
    const outside = (event: KeyboardEvent) => {
      if (!box || (event.target instanceof Node && box.contains(event.target))) return;
      event.stopPropagation();
      event.preventDefault();
      if (event.key === 'Escape') answer(false);
      else if (event.key === 'Enter') answer(true);
      else confirmButton.current?.focus();
    };
    document.addEventListener('keydown', outside, { capture: true });
    return () => {
      document.removeEventListener('keydown', outside, { capture: true });
      box?.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [answer]);

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDialogElement>) => {
    // No key of the dialog reaches a screen's own keys (the Bench's, listening on the window).
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      answer(false);
    } else if (event.key === 'Enter') {
      if (event.target === cancelButton.current) return;
      event.preventDefault();
      answer(true);
    } else if (event.key === 'Tab') {
      // Round the two buttons, never out of the dialog.
      event.preventDefault();
      (document.activeElement === confirmButton.current ? cancelButton : confirmButton).current?.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog station-confirm"
      aria-labelledby="station-confirm-message"
      data-testid="station-confirm"
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        answer(false);
      }}
    >
      <p id="station-confirm-message" className="station-confirm-message">
        {request.message}
      </p>
      <div className="toolbar">
        <button
          ref={confirmButton}
          type="button"
          className={request.danger ? 'danger' : 'primary'}
          onClick={() => answer(true)}
          data-testid="station-confirm-yes"
        >
          {request.confirm ?? t('confirm.ok')}
        </button>
        <button ref={cancelButton} type="button" onClick={() => answer(false)} data-testid="station-confirm-no">
          {t('confirm.cancel')}
        </button>
      </div>
      <p className="hint">{t('confirm.keys')}</p>
    </dialog>
  );
}
