import { type ImapConnectBody, imapConnectBodySchema } from '@ledgerdesk/domain/api/imap-connect';
import {
  type ImapPreset,
  type MailSecurity,
  presetById,
  presetForAddress,
} from '@ledgerdesk/domain/integrations/imap-presets';
import { useCallback, useState } from 'react';

export type ServerFields = { host: string; port: string; security: MailSecurity };
export type ImapFormValues = {
  email: string;
  password: string;
  username: string;
  /** The preset the servers came from ('' = typed by hand). */
  presetId: string;
  imap: ServerFields;
  smtp: ServerFields;
};
/** Field errors by path: 'email', 'password', 'imap.host', 'smtp.port' … */
export type ImapFormErrors = Record<string, string>;

const EMPTY: ImapFormValues = {
  email: '',
  password: '',
  username: '',
  presetId: '',
  imap: { host: '', port: '993', security: 'tls' },
  smtp: { host: '', port: '587', security: 'starttls' },
};

function fromPreset(preset: ImapPreset): Pick<ImapFormValues, 'presetId' | 'imap' | 'smtp'> {
  const fields = (server: ImapPreset['imap']): ServerFields => ({ ...server, port: String(server.port) });
  return { presetId: preset.id, imap: fields(preset.imap), smtp: fields(preset.smtp) };
}

/**
 * The IMAP card's form: typing an address of a known host fills the servers from its preset (until the user edits
 * a server field by hand); choosing a preset fills them always. Validation uses the server's own schema.
 */
export function useImapForm() {
  const [values, setValues] = useState<ImapFormValues>(EMPTY);
  const [errors, setErrors] = useState<ImapFormErrors>({});
  const [isServersEdited, setIsServersEdited] = useState(false);

  const setEmail = useCallback(
    (email: string) => {
      setValues((current) => {
        const preset = presetForAddress(email);
        return preset && !isServersEdited
          ? { ...current, email, ...fromPreset(preset) }
          : { ...current, email };
      });
    },
    [isServersEdited],
  );

  const choosePreset = useCallback((presetId: string) => {
    const preset = presetById(presetId);
    setIsServersEdited(preset === null);
    setValues((current) => (preset ? { ...current, ...fromPreset(preset) } : { ...current, presetId: '' }));
  }, []);

  const setServer = useCallback((kind: 'imap' | 'smtp', patch: Partial<ServerFields>) => {
    setIsServersEdited(true);
    setValues((current) => ({ ...current, presetId: '', [kind]: { ...current[kind], ...patch } }));
  }, []);

  const setField = useCallback((field: 'password' | 'username', value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
  }, []);

  /** The body to send, or null with the field errors shown. */
  const validate = useCallback((): ImapConnectBody | null => {
    const server = (fields: ServerFields) => ({
      host: fields.host,
      port: fields.port.trim() === '' ? Number.NaN : Number(fields.port),
      security: fields.security,
    });
    const candidate = {
      email: values.email,
      password: values.password,
      ...(values.username.trim() ? { username: values.username } : {}),
      imap: server(values.imap),
      smtp: server(values.smtp),
    };
    const parsed = imapConnectBodySchema.safeParse(candidate);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const found: ImapFormErrors = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      found[path] ??= issue.message;
    }
    setErrors(found);
    return null;
  }, [values]);

  const reset = useCallback(() => {
    setValues(EMPTY);
    setErrors({});
    setIsServersEdited(false);
  }, []);

  return { values, errors, setEmail, choosePreset, setServer, setField, validate, reset };
}

export type ImapForm = ReturnType<typeof useImapForm>;
