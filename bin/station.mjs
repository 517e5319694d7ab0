#!/usr/bin/env node
// The `station` command (package bin and `npm run station -- …`).
import { register } from 'tsx/esm/api';

register();
await import('../src-main/hosts/cli/bin.ts');
