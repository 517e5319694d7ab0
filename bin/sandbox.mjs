#!/usr/bin/env node
// The sandbox service (`npm run sandbox -- --port 0 --data DIR [--token-ttl SECONDS]`): runs the
// built out/cli/sandbox.mjs, building it first when it is missing or a source changed (scripts/build-cli.mjs).
import { runBuilt } from '../scripts/build-cli.mjs';

await runBuilt('sandbox');
