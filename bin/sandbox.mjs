#!/usr/bin/env node
// The sandbox service (`npm run sandbox -- --port 0 --data DIR [--token-ttl SECONDS]`): runs the
// built out/cli/sandbox.mjs, building it first when it is missing or a source changed (scripts/run-built.mjs; scripts/build-cli.mjs builds).
import { runBuilt } from '../scripts/run-built.mjs';

await runBuilt('sandbox');
