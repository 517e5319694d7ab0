#!/usr/bin/env node
// The `station` command (package bin and `npm run station -- …`): runs the built CLI,
// out/cli/station.mjs, building it first when it is missing or a source changed (scripts/build-cli.mjs).
import { runBuilt } from '../scripts/build-cli.mjs';

await runBuilt('station');
