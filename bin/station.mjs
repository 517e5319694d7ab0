#!/usr/bin/env node
// The `station` command (package bin and `npm run station -- …`): runs the built CLI,
// out/cli/station.cjs, building it first when it is missing or a source changed (scripts/run-built.mjs; scripts/build-cli.mjs builds).
import { runBuilt } from '../scripts/run-built.mjs';

await runBuilt('station');
