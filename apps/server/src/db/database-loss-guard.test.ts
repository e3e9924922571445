import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { guardAgainstDatabaseLoss, type GuardedProcess } from './database-loss-guard.js';

function guarded() {
  const emitter = new EventEmitter();
  const exits: number[] = [];
  const logged: { level: string; message: string }[] = [];
  const target = Object.assign(emitter, {
    exit: (code: number) => {
      exits.push(code);
      return undefined as never;
    },
  }) as EventEmitter & GuardedProcess;
  guardAgainstDatabaseLoss(
    {
      warn: (_fields, message) => logged.push({ level: 'warn', message }),
      fatal: (_fields, message) => logged.push({ level: 'fatal', message }),
    },
    target,
  );
  return { emitter, exits, logged };
}

describe('guardAgainstDatabaseLoss', () => {
  it('keeps the process on a dropped PostgreSQL connection that escaped every handler', () => {
    const { emitter, exits, logged } = guarded();
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    emitter.emit('uncaughtException', terminated);
    emitter.emit('unhandledRejection', new Error('Connection terminated unexpectedly'));
    emitter.emit('uncaughtException', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }));
    expect(exits).toEqual([]);
    expect(logged.map((entry) => entry.level)).toEqual(['warn', 'warn', 'warn']);
  });

  it('exits 1 on anything else, as Node would', () => {
    const { emitter, exits, logged } = guarded();
    emitter.emit('uncaughtException', new TypeError("Cannot read properties of undefined (reading 'id')"));
    emitter.emit('unhandledRejection', 'a bare string');
    expect(exits).toEqual([1, 1]);
    expect(logged.map((entry) => entry.level)).toEqual(['fatal', 'fatal']);
  });
});
