// The sandbox's store as the routes see it: one repository per resource, each an object of named methods over
// one database, made once by createSandboxStore (app.ts) and handed to every route plugin as `opts.deps.store`
// (the layout of fastify/demo's `plugins/app/tasks/tasks-repository.ts`). The methods are the functions of the
// modules beside this file with the database already given; those functions stay exported for the tests and
// benchmarks that set up a database directly. All SQL of the sandbox is in this folder (README.md, the lint rule
// station/sql-in-store).
import * as accounts from './accounts';
import { pingDb, type SandboxDb } from './db';
import * as faults from './faults';
import * as fingerprints from './fingerprints';
import * as jobs from './jobs';
import { threadViews } from './label-threads';
import * as labels from './labels';
import { findOpticalTagsMatching, findOpticalTagsWithSameMarking } from './marking-lookup';
import { blockingPeersOf, markingPeersOf } from './marking-peers';
import { ensureOpticalSchema } from './optical-schema';
import * as reels from './reels';
import * as scans from './scans';
import * as settings from './settings';
import * as tags from './tags';
import { recordThreadEvent } from './thread-events';
import * as threads from './threads';
import * as unreachable from './unreachable-teams';

type Method = (db: SandboxDb, ...args: never[]) => unknown;

/** A module's functions with the database given: `(db, ...args) => R` becomes `(...args) => R`. */
export type Repository<M extends Record<string, Method>> = {
  [K in keyof M]: M[K] extends (db: SandboxDb, ...args: infer A) => infer R ? (...args: A) => R : never;
};

function repository<M extends Record<string, Method>>(db: SandboxDb, methods: M): Repository<M> {
  return Object.fromEntries(Object.entries(methods).map(([name, method]) => [name, (...args: never[]) => method(db, ...args)])) as Repository<M>;
}

export function createSandboxStore(db: SandboxDb) {
  return {
    /** Runs `work` as one transaction (all of it lands, or none); nested calls join the outer one. */
    transaction<T>(work: () => T): T {
      return db.transaction(work)();
    },
    /** Throws when the database cannot answer (the health check). */
    ping: () => pingDb(db),
    /** Organizations, Teams, Service Accounts and their memberships. */
    accounts: repository(db, {
      createOrganization: accounts.createOrganization,
      createTeam: accounts.createTeam,
      createServiceAccount: accounts.createServiceAccount,
      revokeServiceAccount: accounts.revokeServiceAccount,
      findServiceAccountByKey: accounts.findServiceAccountByKey,
      getServiceAccount: accounts.getServiceAccount,
      getOrganization: accounts.getOrganization,
      updateFeatureFlags: accounts.updateFeatureFlags,
      getTeam: accounts.getTeam,
      membershipsOf: accounts.membershipsOf,
      teamsOfAccount: accounts.teamsOfAccount,
    }),
    /** Threads: rows, fields, identifiers, events, shares, the list. */
    threads: repository(db, {
      getThreadRow: threads.getThreadRow,
      findVisibleThread: threads.findVisibleThread,
      fieldsOf: threads.fieldsOf,
      identifiersOf: threads.identifiersOf,
      threadDetail: threads.threadDetail,
      recentEvents: threads.recentEvents,
      insertThread: threads.insertThread,
      applyFieldPlan: threads.applyFieldPlan,
      restoreFields: threads.restoreFields,
      touchThread: threads.touchThread,
      setArchived: threads.setArchived,
      isSharedWith: threads.isSharedWith,
      shareThread: threads.shareThread,
      listThreads: threads.listThreads,
      countThreads: threads.countThreads,
      recordThreadEvent,
      threadViews,
    }),
    /** Labels (`composite_tags`) and their members as the Label rules see them. */
    labels: repository(db, {
      getLabelRow: labels.getLabelRow,
      membersOf: labels.membersOf,
      membersOfMany: labels.membersOfMany,
      labelRowsOnReel: labels.labelRowsOnReel,
      labelStates: labels.labelStates,
      labelStatesOnReel: labels.labelStatesOnReel,
      labelStatesForEnrollment: labels.labelStatesForEnrollment,
      labelState: labels.labelState,
      insertLabel: labels.insertLabel,
      insertMember: labels.insertMember,
      touchLabel: labels.touchLabel,
      listLabels: labels.listLabels,
      labelsWithMember: labels.labelsWithMember,
      labelRowsInRange: labels.labelRowsInRange,
      setLabelThread: labels.setLabelThread,
      setLabelArchived: labels.setLabelArchived,
      placeLabel: labels.placeLabel,
      reelOfLabel: labels.reelOfLabel,
      labelPlace: labels.labelPlace,
    }),
    /** Reels and Label Collections (`collections`). */
    reels: repository(db, {
      getCollectionRow: reels.getCollectionRow,
      insertCollection: reels.insertCollection,
      updateCollection: reels.updateCollection,
      refreshReelWarnings: reels.refreshReelWarnings,
      refreshReelWarningsForLabel: reels.refreshReelWarningsForLabel,
      reelCounts: reels.reelCounts,
      reelView: reels.reelView,
      collectionView: reels.collectionView,
      labelCollectionsOf: reels.labelCollectionsOf,
      listReels: reels.listReels,
    }),
    /** Identifiers (`tags`), and which of them carry the same optical marking. */
    tags: repository(db, {
      getTag: tags.getTag,
      labelMembers: tags.labelMembers,
      findTagsByValue: tags.findTagsByValue,
      getTagsByIds: tags.getTagsByIds,
      insertTag: tags.insertTag,
      setTagThread: tags.setTagThread,
      setTagIdentifiable: tags.setTagIdentifiable,
      updateTag: tags.updateTag,
      activeMemberIds: tags.activeMemberIds,
      memberIdsBoundTo: tags.memberIdsBoundTo,
      bindMember: tags.bindMember,
      unbindMembers: tags.unbindMembers,
      setTagsIdentifiable: tags.setTagsIdentifiable,
      detachMember: tags.detachMember,
      findOpticalTagsMatching,
      findOpticalTagsWithSameMarking,
      markingPeersOf,
      blockingPeersOf,
    }),
    /** The optical stand-in's data: scans and their images, fingerprints and their index, unreachable partitions. */
    optical: repository(db, {
      ensureOpticalSchema,
      insertScan: scans.insertScan,
      findScanBySha: scans.findScanBySha,
      getScan: scans.getScan,
      getScanImage: scans.getScanImage,
      setScanOutcome: scans.setScanOutcome,
      insertFingerprint: fingerprints.insertFingerprint,
      getFingerprint: fingerprints.getFingerprint,
      findMatchingFingerprints: fingerprints.findMatchingFingerprints,
      markTeamUnreachable: unreachable.markTeamUnreachable,
      clearUnreachableTeams: unreachable.clearUnreachableTeams,
      unreachableTeams: unreachable.unreachableTeams,
    }),
    /** Background jobs (`jobs`), run by jobs/runner.ts. */
    jobs: repository(db, {
      requeueRunningJobs: jobs.requeueRunningJobs,
      insertJob: jobs.insertJob,
      getJobRow: jobs.getJobRow,
      nextQueuedJob: jobs.nextQueuedJob,
      markJobRunning: jobs.markJobRunning,
      setJobProgress: jobs.setJobProgress,
      markJobDone: jobs.markJobDone,
      markJobFailed: jobs.markJobFailed,
    }),
    /** Injected faults (the admin test hook). */
    faults: repository(db, { addFault: faults.addFault, clearFaults: faults.clearFaults, takeFault: faults.takeFault }),
    settings: repository(db, { getSetting: settings.getSetting, setSetting: settings.setSetting }),
  };
}

export type SandboxStore = ReturnType<typeof createSandboxStore>;
