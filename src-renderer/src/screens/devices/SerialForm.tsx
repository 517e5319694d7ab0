import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TagType } from '../../../../src-shared/api/common';
import { TAG_TYPES } from '../../../../src-shared/api/tag-types';
import type { DeviceInfo } from '../../../../src-shared/ipc';
import { ErrorNote } from '../../components/ErrorNote';
import { useCommandMutation } from '../../query/use-command';
import {
  BAUD_RATES,
  DATA_BITS,
  NEW_SERIAL_FORM,
  PARITIES,
  STOP_BITS,
  TERMINATORS,
  serialFormOf,
  serialSettingsFromForm,
  type SerialForm as Form,
} from './device-forms';

// Adds or edits a serial scanner: its port path, typed in (ptys and many USB adapters do not
// show in a port list); baud and framing; line terminator; the slot its reads without an AIM id
// go to. `devices.configureSerial` saves and (re)opens it; the slot is
// the device's role (`devices.assignRole`).

export function SerialForm({ editing, done }: { editing: DeviceInfo | undefined; done: (message: string) => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<Form>(() => (editing ? serialFormOf(editing) : NEW_SERIAL_FORM));
  const [invalid, setInvalid] = useState<'path' | 'baudRate' | 'customTerminator'>();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  // "Edit" in the device table brings the operator here.
  const pathInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (editing) pathInput.current?.focus();
  }, [editing]);

  const remove = useCommandMutation('devices.removeSerial', ['devices.list']);
  const configure = useCommandMutation('devices.configureSerial', ['devices.list']);
  const assignRole = useCommandMutation('devices.assignRole', ['devices.list']);
  const submit = async () => {
    const result = serialSettingsFromForm(form);
    if (!result.ok) return setInvalid(result.field);
    setInvalid(undefined);
    setError(undefined);
    setBusy(true);
    try {
      // Editing a scanner onto another path replaces it.
      if (editing?.serial && editing.serial.path !== result.settings.path) await remove.mutateAsync({ device: editing.id });
      const saved = await configure.mutateAsync(result.settings);
      const info = saved.role === result.role ? saved : await assignRole.mutateAsync({ device: saved.id, role: result.role });
      setForm(NEW_SERIAL_FORM);
      done(t('devices.serial.saved', { path: result.settings.path, state: t(`devices.states.${info.status.state}`) }));
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  const title = editing?.serial ? t('devices.serial.editTitle', { path: editing.serial.path }) : t('devices.serial.addTitle');
  const problem = invalid ? t(`devices.serial.invalid.${invalid}`) : undefined;
  return (
    <section className="card" aria-labelledby="devices-serial">
      <h3 id="devices-serial">{title}</h3>
      <p className="hint">{t('devices.serial.help')}</p>
      <form
        className="form-grid"
        aria-labelledby="devices-serial"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label>
          {t('devices.serial.path')}
          <input
            ref={pathInput}
            value={form.path}
            onChange={(e) => set('path', e.target.value)}
            placeholder="/dev/ttyUSB0"
            required
            aria-invalid={invalid === 'path'}
            className="mono"
          />
        </label>
        <label>
          {t('devices.serial.baudRate')}
          <input
            value={form.baudRate}
            onChange={(e) => set('baudRate', e.target.value)}
            list="serial-baud-rates"
            inputMode="numeric"
            aria-invalid={invalid === 'baudRate'}
          />
          <datalist id="serial-baud-rates">
            {BAUD_RATES.map((b) => (
              <option key={b} value={b} />
            ))}
          </datalist>
        </label>
        <label>
          {t('devices.serial.dataBits')}
          <select value={form.dataBits} onChange={(e) => set('dataBits', e.target.value as Form['dataBits'])}>
            {DATA_BITS.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('devices.serial.parity')}
          <select value={form.parity} onChange={(e) => set('parity', e.target.value as Form['parity'])}>
            {PARITIES.map((p) => (
              <option key={p} value={p}>
                {t(`devices.serial.parities.${p}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('devices.serial.stopBits')}
          <select value={form.stopBits} onChange={(e) => set('stopBits', e.target.value as Form['stopBits'])}>
            {STOP_BITS.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('devices.serial.terminator')}
          <select value={form.terminator} onChange={(e) => set('terminator', e.target.value as Form['terminator'])}>
            {TERMINATORS.map((term) => (
              <option key={term} value={term}>
                {t(`devices.serial.terminators.${term}`)}
              </option>
            ))}
          </select>
        </label>
        {form.terminator === 'custom' ? (
          <label>
            {t('devices.serial.customTerminator')}
            <input
              value={form.customTerminator}
              onChange={(e) => set('customTerminator', e.target.value)}
              placeholder="03"
              className="mono"
              aria-invalid={invalid === 'customTerminator'}
            />
          </label>
        ) : null}
        <label>
          {t('devices.serial.slot')}
          <select value={form.role} onChange={(e) => set('role', e.target.value as TagType | '')}>
            <option value="">{t('devices.byType')}</option>
            {TAG_TYPES.map((tt) => (
              <option key={tt} value={tt}>
                {t(`tagTypes.${tt}`)}
              </option>
            ))}
          </select>
        </label>
        <div className="toolbar">
          <button type="submit" className="primary" disabled={busy}>
            {t('devices.serial.save')}
          </button>
          {editing ? (
            <button type="button" onClick={() => done('')}>
              {t('devices.serial.cancelEdit')}
            </button>
          ) : null}
        </div>
        {problem ? (
          <p role="alert" className="error-note">
            {problem}
          </p>
        ) : null}
      </form>
      <ErrorNote error={error} />
    </section>
  );
}
