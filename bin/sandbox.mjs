#!/usr/bin/env node
// The sandbox service (`npm run sandbox -- --port 0 --data DIR [--token-ttl SECONDS]`).
import { register } from 'tsx/esm/api';

register();
await import('../src-sandbox/cli.ts');
