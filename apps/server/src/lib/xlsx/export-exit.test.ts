import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../../../test/export-then-exit.ts', import.meta.url));

describe('export worker', () => {
  it('lets a process that has exported end by itself (the worker holds it only while busy)', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    const { bytes, state } = JSON.parse(output) as { bytes: number; state: unknown };
    expect(bytes).toBeGreaterThan(0);
    expect(state).toMatchObject({ exports: 0, connectionsInUse: 0 });
  });
});
