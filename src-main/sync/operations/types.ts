import type { OperationKind } from '../../../src-shared/ipc/queue';
import type { CallOptions, ServiceClient } from '../../service';
import type { Db } from '../../store/database';
import type { OutboxOp } from '../../store/outbox';

export interface OperationContext {
  db: Db;
  client: ServiceClient;
  /** Passed to every client call so each HTTP attempt lands in the operation's attempt log. */
  call: CallOptions;
}

/** What a successful send or a positive landing check leaves behind. */
export interface Applied {
  /** Stored on the operation (the Queue screen shows it). */
  result: unknown;
  /** Local mirror changes, run in the transaction that marks the operation done. */
  apply(db: Db): void;
  /** Local ids of Labels whose mirror changed (for `labels.changed`). */
  labelIds: string[];
  reelId: string | null;
}

export type LandingCheck = { landed: true; applied: Applied } | { landed: false };

export interface OperationHandler<K extends OperationKind> {
  send(ctx: OperationContext, op: OutboxOp<K>): Promise<Applied>;
  /**
   * docs/sync.md, "Landing checks": whether an attempt whose outcome is unknown (or that met a 409)
   * already landed. May throw HandlerAttention (e.g. the position is taken by another Label).
   */
  check(ctx: OperationContext, op: OutboxOp<K>, why: 'unknown' | 'conflict'): Promise<LandingCheck>;
}

export type OperationRegistry = { [K in OperationKind]: OperationHandler<K> };
