import { createHash } from 'node:crypto';
import { z } from 'zod';
import { DEFAULT_AQL, AQL_VALUES } from '../../src-shared/domain/sampling';
import type { CommandHandlers } from '../../src-shared/ipc/contract';
import { StationError, StationErrorCode } from '../../src-shared/ipc/envelope';
import type { SampleCheck, verifyCommands } from '../../src-shared/ipc/verify';
import { requireReel } from '../changes/context';
import { resolveCapture } from '../changes/capture-source';
import { AQL_SETTING, currentVerificationView, drawVerification, judgeScan, keepScan, recordCheck, type ScanToCheck } from '../quality-check/verify';
import { isServiceError } from '../service';
import { readCapture } from '../store/captures';
import { getLabelAt } from '../store/labels';
import type { LocalReel } from '../store/reels';
import { readSetting, writeSetting } from '../store/settings';
import { currentVerification, getSample } from '../store/verifications';
import { canAskService, type CommandContext } from './context';

// The quality check's commands (src-shared/ipc/verify.ts); the rules live in src-main/quality-check/verify.ts.

const AqlSetting = z.number().refine((aql) => AQL_VALUES.includes(aql));

function expectsSvc(reel: LocalReel): boolean {
  return reel.expectedIdentifiers.some((e) => e.tagType === 'SVC' && e.count > 0);
}

function offline(position: number, reelId: string): StationError {
  return new StationError({
    code: StationErrorCode.offline,
    message: `The service is not reachable, so position ${position} cannot be checked now. Its scan is kept on this station: check it when the station is online ("Check kept samples" on the Verify screen, or "station verify check --reel ${reelId} --position ${position}").`,
    detail: { case: 'verifyKept', position, kept: true },
  });
}

/** A failure of the service's connection (not an answer): the check waits for the service. */
function unreachable(error: unknown): boolean {
  return isServiceError(error) && (error.kind === 'network' || error.kind === 'timeout');
}

export function verifyHandlers(ctx: CommandContext): CommandHandlers<keyof typeof verifyCommands> {
  const { changes } = ctx;
  const settings = () => ({ aql: readSetting(ctx.db, AQL_SETTING, AqlSetting) ?? DEFAULT_AQL, aqls: [...AQL_VALUES] });
  return {
    'verify.settings.get': () => settings(),
    'verify.settings.set': ({ aql }) => {
      writeSetting(ctx.db, AQL_SETTING, aql);
      return settings();
    },
    'verify.plan': ({ reelId, aql, seed }) => {
      const reel = requireReel(changes, reelId);
      return drawVerification(ctx.db, reel, { aql: aql ?? settings().aql, seed });
    },
    'verify.status': ({ reelId }) => {
      const reel = requireReel(changes, reelId);
      return {
        verification: currentVerificationView(ctx.db, reel.reelId),
        expectsSvc: expectsSvc(reel),
        composition: reel.expectedIdentifiers.flatMap((e) => (e.tagType !== 'SVC' && e.count > 0 ? [e.tagType] : [])),
      };
    },
    'verify.check': async (input) => {
      const reel = requireReel(changes, input.reelId);
      const plan = currentVerification(ctx.db, reel.reelId);
      if (!plan) {
        throw new StationError({
          code: StationErrorCode.notFound,
          message: `No sample has been drawn for Reel "${reel.name}" yet: draw one first (Verify screen, or "station verify plan --reel ${reel.reelId}").`,
          detail: { case: 'noSample', reel: reel.name },
        });
      }
      const { position } = input;
      if (!plan.positions.includes(position)) {
        throw new StationError({
          code: StationErrorCode.invalidInput,
          message: `Position ${position} is not in the sample of Reel "${reel.name}"; scan one of the sampled positions: ${plan.positions.join(', ')}.`,
          detail: { positions: plan.positions },
        });
      }
      const before = getSample(ctx.db, plan.verificationId, position);
      const earlier = before?.result as SampleCheck | null | undefined;
      if (earlier && !(earlier.pass === false && earlier.retry)) {
        throw new StationError({
          code: StationErrorCode.conflict,
          message: `Position ${position} was already checked (${earlier.pass ? 'passed' : `failed: ${earlier.outcome}`}); a judged sample stays as it is. To verify the Reel again, draw a new sample.`,
          detail: { case: 'alreadyChecked', position, result: earlier },
        });
      }
      const label = getLabelAt(ctx.db, reel.reelId, position);
      if (!label?.serviceId || !reel.serviceId) {
        throw new StationError({
          code: StationErrorCode.conflict,
          message: `Position ${position} holds no Label on the service any more (it was ${label ? label.state : 'removed'} since the sample was drawn); draw a new sample.`,
          detail: { case: 'noLongerOnService', position },
        });
      }

      // What was scanned: given now, or kept from a scan made while the service was out of reach.
      let scan: ScanToCheck;
      const image = await resolveCapture(changes, ctx.allowFilePaths, 'verify.check', input);
      if (input.identifiers.length > 0 || image) {
        scan = { identifiers: input.identifiers, capture: image ? { sha256: createHash('sha256').update(image).digest('hex'), data: image } : null };
      } else if (before?.state === 'kept') {
        const sha = before.scanned.captureSha256;
        const kept = sha ? readCapture(ctx.db, sha) : undefined;
        if (sha && !kept)
          throw new StationError({
            code: StationErrorCode.notFound,
            message: `The kept capture of position ${position} is missing from this station; scan the Label again.`,
            detail: { case: 'keptCaptureMissing', position },
          });
        scan = { identifiers: before.scanned.identifiers, capture: sha && kept ? { sha256: sha, data: kept.data } : null };
      } else {
        const values = reel.expectedIdentifiers.filter((e) => e.tagType !== 'SVC' && e.count > 0).map((e) => e.tagType);
        throw new StationError({
          code: StationErrorCode.invalidInput,
          message: `Scan the Label at position ${position}: ${values.length ? `its printed values (${values.join(', ')})` : 'its printed values'}${expectsSvc(reel) ? ' and its optical marking (a camera capture)' : ''}.`,
        });
      }
      if (expectsSvc(reel) && !scan.capture) {
        throw new StationError({
          code: StationErrorCode.invalidInput,
          message: `Reel "${reel.name}" expects an optical marking (SVC): capture the Label at position ${position} with the camera (on the command line: --svc IMAGE) along with its values.`,
        });
      }
      const keep = async () => {
        await keepScan(ctx.db, ctx.dataDir, plan, position, label.labelId, scan);
        return offline(position, reel.reelId);
      };
      if (!(await canAskService(ctx))) throw await keep();
      let result: SampleCheck;
      try {
        result = await judgeScan(ctx.connection.requireClient(), { reelServiceId: reel.serviceId, position, compositeTagId: label.serviceId, scan });
      } catch (error) {
        if (unreachable(error)) throw await keep();
        throw error;
      }
      const verdict = recordCheck(ctx.db, plan, position, label.labelId, scan, result);
      return { ...result, verdict };
    },
  };
}
