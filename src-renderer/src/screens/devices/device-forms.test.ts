import { describe, expect, it } from 'vitest';
import { DEFAULT_QUALITY_THRESHOLDS } from '../../../../src-shared/domain/image-quality';
import type { DeviceInfo } from '../../../../src-shared/ipc';
import { NEW_SERIAL_FORM, normalizeHex, serialFormOf, serialSettingsFromForm, thresholdForm, thresholdsFromForm } from './device-forms';

describe('serial scanner form', () => {
  it('turns the fields into the contract settings and the slot', () => {
    const result = serialSettingsFromForm({
      ...NEW_SERIAL_FORM,
      path: ' /dev/ttyUSB0 ',
      baudRate: '115200',
      dataBits: '7',
      parity: 'even',
      stopBits: '2',
      terminator: 'LF',
      role: 'TEXT',
    });
    expect(result).toEqual({
      ok: true,
      settings: { path: '/dev/ttyUSB0', baudRate: 115200, dataBits: 7, parity: 'even', stopBits: 2, terminator: 'LF' },
      role: 'TEXT',
    });
    expect(serialSettingsFromForm({ ...NEW_SERIAL_FORM, path: 'COM3', stopBits: '1.5' })).toMatchObject({ ok: true, settings: { stopBits: 1.5 }, role: null });
  });

  it('takes a custom terminator as hex written any common way, and refuses what is not hex', () => {
    expect(normalizeHex('0x0d 0x0a')).toBe('0D0A');
    expect(serialSettingsFromForm({ ...NEW_SERIAL_FORM, path: 'COM3', terminator: 'custom', customTerminator: '03' })).toMatchObject({
      ok: true,
      settings: { customTerminator: '03' },
    });
    expect(serialSettingsFromForm({ ...NEW_SERIAL_FORM, path: 'COM3', terminator: 'custom', customTerminator: 'ETX' })).toEqual({
      ok: false,
      field: 'customTerminator',
    });
    expect(serialSettingsFromForm({ ...NEW_SERIAL_FORM, path: 'COM3', terminator: 'custom', customTerminator: '' })).toEqual({
      ok: false,
      field: 'customTerminator',
    });
    // A custom terminator typed and then left for CR is not sent.
    expect(serialSettingsFromForm({ ...NEW_SERIAL_FORM, path: 'COM3', customTerminator: '03' })).toMatchObject({ ok: true, settings: { terminator: 'CR' } });
  });

  it('names the field that is wrong', () => {
    expect(serialSettingsFromForm({ ...NEW_SERIAL_FORM, path: '  ' })).toEqual({ ok: false, field: 'path' });
    expect(serialSettingsFromForm({ ...NEW_SERIAL_FORM, path: 'COM3', baudRate: '96OO' })).toEqual({ ok: false, field: 'baudRate' });
    expect(serialSettingsFromForm({ ...NEW_SERIAL_FORM, path: 'COM3', baudRate: '0' })).toEqual({ ok: false, field: 'baudRate' });
  });

  it('fills the form from a configured scanner to edit it', () => {
    const device: DeviceInfo = {
      id: 'serial:/dev/ttyS1',
      kind: 'scanner',
      transport: 'serial',
      name: 'Serial scanner /dev/ttyS1',
      role: 'QR',
      status: { state: 'connected', since: '2025-01-01T00:00:00.000Z' },
      serial: { path: '/dev/ttyS1', baudRate: 19200, dataBits: 8, parity: 'odd', stopBits: 1, terminator: 'custom', customTerminator: '03' },
    };
    const form = serialFormOf(device);
    expect(form).toEqual({
      path: '/dev/ttyS1',
      baudRate: '19200',
      dataBits: '8',
      parity: 'odd',
      stopBits: '1',
      terminator: 'custom',
      customTerminator: '03',
      role: 'QR',
    });
    expect(serialSettingsFromForm(form)).toEqual({ ok: true, settings: device.serial, role: 'QR' });
  });
});

describe('quality gate threshold form', () => {
  it('shows shares as percent and reads them back', () => {
    const form = thresholdForm(DEFAULT_QUALITY_THRESHOLDS);
    expect(form).toMatchObject({ minFocus: '60', maxClippedShadows: '20', maxClippedHighlights: '35', minContrast: '0.1' });
    expect(thresholdsFromForm(form)).toEqual({ ok: true, thresholds: DEFAULT_QUALITY_THRESHOLDS });
    expect(thresholdsFromForm({ ...form, minFocus: '90', maxClippedHighlights: '12,5' })).toEqual({
      ok: true,
      thresholds: { ...DEFAULT_QUALITY_THRESHOLDS, minFocus: 90, maxClippedHighlights: 0.125 },
    });
  });

  it('refuses numbers out of range, non-numbers, fractional pixels and a brightness range upside down', () => {
    const form = thresholdForm(DEFAULT_QUALITY_THRESHOLDS);
    expect(thresholdsFromForm({ ...form, maxMeanLuminance: '300' })).toEqual({ ok: false, field: 'maxMeanLuminance', problem: 'number' });
    expect(thresholdsFromForm({ ...form, maxClippedShadows: '101' })).toEqual({ ok: false, field: 'maxClippedShadows', problem: 'number' });
    expect(thresholdsFromForm({ ...form, minFocus: 'sharp' })).toEqual({ ok: false, field: 'minFocus', problem: 'number' });
    expect(thresholdsFromForm({ ...form, minFocus: '' })).toEqual({ ok: false, field: 'minFocus', problem: 'number' });
    expect(thresholdsFromForm({ ...form, minLongSide: '1280.5' })).toEqual({ ok: false, field: 'minLongSide', problem: 'number' });
    expect(thresholdsFromForm({ ...form, minMeanLuminance: '200', maxMeanLuminance: '100' })).toEqual({
      ok: false,
      field: 'minMeanLuminance',
      problem: 'order',
    });
  });
});
