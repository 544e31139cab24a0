import fs from 'node:fs';
import type { RunningMailSandbox } from '@ledgerdesk/mail-sandbox';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../src/db/client';
import type { ServerNode } from './server-node';

type ControlCall = (method: 'DELETE', path: string) => Promise<unknown>;

/**
 * Tears down a restart test's fixture: its server nodes, the sandbox's armed faults, the harness app, its own
 * database (dropped on PostgreSQL), the sandbox and the nodes' data folder.
 */
export async function closeNodeFixture(fixture: {
  nodes: readonly ServerNode[];
  control: ControlCall | undefined;
  app: FastifyInstance | null;
  database: (Database & { drop?: () => Promise<void> }) | null;
  sandbox: RunningMailSandbox | undefined;
  dataRoot: string;
}): Promise<void> {
  for (const node of fixture.nodes) await node.stop();
  await fixture.control?.('DELETE', '/faults');
  await fixture.app?.close();
  if (fixture.database?.drop) await fixture.database.drop();
  else await fixture.database?.close().catch(() => undefined);
  await fixture.sandbox?.close();
  fs.rmSync(fixture.dataRoot, { recursive: true, force: true });
}
