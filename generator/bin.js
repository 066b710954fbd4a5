#!/usr/bin/env node
// The installed command: runs the TypeScript CLI through tsx.
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
