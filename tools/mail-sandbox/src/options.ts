import type { ContractOptions } from './contract/contract-hooks';

export type MailSandboxOptions = {
  /** Absolute URL of the plugin prefix, e.g. http://localhost:3000/sandbox (used for @odata.nextLink etc.). */
  publicUrl: string;
  /** Access token lifetime; default 3600. */
  tokenLifetimeSeconds?: number;
  /** Optional JSON file that keeps mailboxes and tokens across restarts; a change is saved before its answer. */
  stateFile?: string;
  /** Seed the two default mailboxes; default true. */
  seed?: boolean;
  /** Clock override for tests (ms since epoch). */
  now?: () => number;
  /** Lets a caller set the public URL after listening on a random port (used by startMailSandbox). */
  publicUrlRef?: { current: string };
  /**
   * Lets callers that are not on loopback use the control API when they send it (header
   * `x-sandbox-control-token` or `Authorization: Bearer`). Without it the control API answers loopback only.
   */
  controlToken?: string;
  /**
   * Redirect URIs registered for the sandbox client (compared without their query string, as Microsoft
   * does). The consent page sends its answer to no other URI. Omitted: any http(s) URI on a loopback host
   * or on the sandbox's own origin.
   */
  redirectUris?: string[];
  /**
   * The client secret registered for the sandbox client: a token request with another one answers
   * `invalid_client` (AADSTS7000215), as a wrong or expired secret does. Omitted: any secret is accepted.
   */
  clientSecret?: string;
  /**
   * Checks every Graph, Gmail and Pub/Sub call and answer against the providers' published descriptions
   * (src/contract/): a request they do not describe is answered 400 "contract: …", an answer with a field they
   * do not promise is recorded. The test harnesses turn it on; omitted, nothing is checked.
   */
  contract?: ContractOptions;
};
