import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptureResult } from '../../../src-shared/ipc';
import { ErrorNote } from './ErrorNote';
import { useCommandMutation } from '../query/use-command';
import { station } from '../station-client';
import { refusalWords } from './say-error';
import { CameraPanel } from './CameraPanel';
import { playTone } from './sounds';

// Attention "recapture": the service refused a capture (400 SCAN_LOW_KEYPOINTS / SCAN_NO_KEYPOINTS /
// SCAN_IDENTICAL_SCAN), which the sync engine turns into an attention item offering `recapture`
// (src-main/sync/classify.ts). The same camera path as the bench: a still goes to main, main's
// quality gate judges and keeps it (camera.captured), and an accepted still's sha256 replaces
// the refused capture (labels.recapture), which enrolls the Label again.

/** Command results a recapture changes. */
const REFRESHES = ['queue.list', 'reels.show', 'reels.list', 'labels.history'] as const;

export interface RecapturePanelProps {
  labelId: string;
  /** Heading, e.g. "Recapture position 2". */
  title: string;
  /** Called after labels.recapture saved the new capture (the Label is queued again). */
  onDone: () => void;
  onCancel: () => void;
}

/** Space captures unless another control has the focus (a focused button takes its own Space). */
function isOwnSpace(event: KeyboardEvent): boolean {
  if (event.key !== ' ' || event.defaultPrevented || event.repeat) return false;
  const target = event.target as HTMLElement | null;
  if (!target || target === document.body) return true;
  return !target.closest('button, a, input, select, textarea, [role="gridcell"], [contenteditable="true"]');
}

export function RecapturePanel({ labelId, title, onDone, onCancel }: RecapturePanelProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const recapture = useCommandMutation('labels.recapture');
  const captureRef = useRef<(() => void) | undefined>(undefined);
  /** A camera still this panel asked for is on its way to the gate (captures from another window are not ours). */
  const awaiting = useRef(false);
  const saving = useRef(false);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<CaptureResult>();
  const [error, setError] = useState<unknown>();
  const captureButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<Element | null>(typeof document === 'undefined' ? null : document.activeElement);

  const capture = useCallback(() => {
    if (saving.current) return;
    awaiting.current = true;
    captureRef.current?.();
  }, []);

  const save = useCallback(
    async (result: CaptureResult) => {
      saving.current = true;
      setBusy(true);
      setRefused(undefined);
      setError(undefined);
      try {
        await recapture.mutateAsync({ labelId, captureSha256: result.sha256 });
        await Promise.all(REFRESHES.map((name) => client.invalidateQueries({ queryKey: ['cmd', name] })));
        playTone('saved');
        onDone();
      } catch (caught) {
        setError(caught);
        playTone('error');
      } finally {
        saving.current = false;
        setBusy(false);
      }
    },
    [client, labelId, onDone, recapture.mutateAsync],
  );

  // Every capture reaches main's gate and comes back as camera.captured: from this panel's
  // camera, or an industrial camera's watch folder.
  useEffect(
    () =>
      station.on('camera.captured', (result) => {
        if (saving.current) return;
        if (result.source === 'camera' && !awaiting.current) return;
        awaiting.current = false;
        if (!result.accepted || !result.stored) {
          setRefused(result);
          setError(undefined);
          playTone('error');
          return;
        }
        void save(result);
      }),
    [save],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !saving.current) {
        event.preventDefault();
        onCancel();
        return;
      }
      if (!isOwnSpace(event)) return;
      event.preventDefault();
      capture();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [capture, onCancel]);

  // Focus goes to Capture (Space or Enter captures at once) and back to the opener afterwards.
  useEffect(() => {
    captureButton.current?.focus();
    const back = opener.current;
    return () => {
      if (back instanceof HTMLElement && back.isConnected) back.focus();
    };
  }, []);

  const reasons = refused
    ? refusalWords(
        t,
        refused.reasons.map((r) => r.code),
      )
    : '';
  return (
    <section className="card stack recapture" aria-labelledby="recapture-title" data-testid="recapture-panel">
      <h3 id="recapture-title">{title}</h3>
      <p className="hint">{t('recapture.hint')}</p>
      <CameraPanel register={(fn) => (captureRef.current = fn)} />
      <div className="toolbar bench-actions">
        <button ref={captureButton} type="button" className="primary" onClick={capture} disabled={busy} aria-keyshortcuts="Space">
          {/* The key is announced by aria-keyshortcuts; hidden from the name, so the name is the visible word. */}
          {t('recapture.capture')} <kbd aria-hidden="true">Space</kbd>
        </button>
        <button type="button" onClick={onCancel} disabled={busy}>
          {t('recapture.cancel')}
        </button>
      </div>
      {busy ? <p role="status">{t('recapture.saving')}</p> : null}
      {refused ? (
        <div role="alert" className="error-note" data-testid="recapture-refused">
          <span aria-hidden="true">✖ </span>
          {t('recapture.refused', { reasons })}
          {refused.reasons.map((r) => (
            <code key={r.code}>{r.code}</code>
          ))}
          {refused.thumbnail ? (
            <div>
              <img src={refused.thumbnail} alt={t('recapture.refusedThumb')} style={{ maxHeight: 90 }} />
            </div>
          ) : null}
        </div>
      ) : null}
      <ErrorNote error={error} />
    </section>
  );
}
