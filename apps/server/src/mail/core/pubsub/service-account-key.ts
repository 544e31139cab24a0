import fs from 'node:fs';

/** What the server needs of a Google service-account key file to get a token for Pub/Sub. */
export type ServiceAccountKey = {
  clientEmail: string;
  privateKey: string;
  keyId: string | null;
  tokenUri: string;
};

const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';

/**
 * Reads GOOGLE_PUBSUB_CREDENTIALS: the key JSON itself (it starts with `{`) or a path to the file Google's
 * console downloads. Throws with the reason (never the key) when it is not a service-account key.
 */
export function parseServiceAccountKey(value: string): ServiceAccountKey {
  const text = value.trim().startsWith('{') ? value : readKeyFile(value.trim());
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error('Invalid configuration: GOOGLE_PUBSUB_CREDENTIALS is not a JSON service-account key.');
  }
  const {
    client_email: clientEmail,
    private_key: privateKey,
    private_key_id: keyId,
    token_uri: tokenUri,
  } = json;
  if (json.type !== 'service_account' || typeof clientEmail !== 'string' || typeof privateKey !== 'string') {
    throw new Error(
      'Invalid configuration: GOOGLE_PUBSUB_CREDENTIALS needs a service-account key (type, client_email, private_key).',
    );
  }
  return {
    clientEmail,
    privateKey,
    keyId: typeof keyId === 'string' ? keyId : null,
    tokenUri: typeof tokenUri === 'string' ? tokenUri : GOOGLE_TOKEN_URI,
  };
}

function readKeyFile(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    throw new Error(
      `Invalid configuration: GOOGLE_PUBSUB_CREDENTIALS names a file that cannot be read (${file}).`,
    );
  }
}
