// The thread a virtual card answers vpcd from (test/helpers/virtual-card.ts says why it is a thread of its own);
// tsx loads the card's TypeScript here as vitest does on the test's thread.
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { serve } = await tsImport('./virtual-card-field.ts', import.meta.url);
serve(workerData, parentPort);
