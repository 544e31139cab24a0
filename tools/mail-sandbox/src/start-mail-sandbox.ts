import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { DEFAULT_STANDALONE_PORT } from './defaults';
import { mailSandboxPlugin } from './plugin/mail-sandbox-plugin';

export type StartMailSandboxOptions = {
  /** Default 3100; 0 picks a free port. */
  port?: number;
  /** Default `localhost`. */
  host?: string;
  stateFile?: string;
  tokenLifetimeSeconds?: number;
  seed?: boolean;
  logger?: boolean;
  /**
   * Check every provider call and answer against the published descriptions (the test harnesses do). With
   * it, close() fails when a violation not named in `allow` was met.
   */
  contract?: { allow?: string[] };
};

export type RunningMailSandbox = {
  url: string;
  close(): Promise<void>;
  /** Contract violations met so far (empty when the check is off). */
  contractViolations: string[];
};

/** A standalone server with the plugin under /sandbox (npm run sandbox, tests, benchmarks). */
export async function startMailSandbox(options: StartMailSandboxOptions = {}): Promise<RunningMailSandbox> {
  const app = Fastify({ logger: options.logger ?? false, forceCloseConnections: true });
  const publicUrlRef = { current: '' };
  const contractViolations: string[] = [];
  await app.register(mailSandboxPlugin, {
    prefix: '/sandbox',
    publicUrl: 'http://localhost/sandbox',
    publicUrlRef,
    ...(options.stateFile ? { stateFile: options.stateFile } : {}),
    ...(options.tokenLifetimeSeconds ? { tokenLifetimeSeconds: options.tokenLifetimeSeconds } : {}),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.contract ? { contract: { ...options.contract, violations: contractViolations } } : {}),
  });
  const host = options.host ?? 'localhost';
  await app.listen({ port: options.port ?? DEFAULT_STANDALONE_PORT, host });
  const { port } = app.server.address() as AddressInfo;
  const publicHost =
    host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  publicUrlRef.current = `http://${publicHost}:${port}/sandbox`;
  return {
    url: publicUrlRef.current,
    contractViolations,
    async close() {
      await app.close();
      assertNoContractViolations(contractViolations);
    },
  };
}

/** Fails a suite whose calls or answers left the providers' descriptions (the list names each one). */
export function assertNoContractViolations(violations: string[]): void {
  if (violations.length === 0) return;
  throw new Error(`Provider contract violations:\n- ${[...new Set(violations)].join('\n- ')}`);
}
