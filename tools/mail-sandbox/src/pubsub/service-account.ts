/**
 * The sandbox's Google Cloud project, Pub/Sub topic and pull subscription for Gmail push, and the service account
 * allowed to pull from it. The key is a throwaway made for the sandbox (it guards nothing but this stand-in);
 * the server keeps a copy for `npm start` with the sandbox (apps/server/src/mail/core/pubsub/sandbox-pubsub.ts, a test
 * keeps them equal).
 */
export const SANDBOX_PUBSUB_PROJECT = 'ledgerdesk-sandbox';
export const SANDBOX_PUBSUB_TOPIC = `projects/${SANDBOX_PUBSUB_PROJECT}/topics/gmail-push`;
export const SANDBOX_PUBSUB_SUBSCRIPTION = `projects/${SANDBOX_PUBSUB_PROJECT}/subscriptions/gmail-push-pull`;
export const SANDBOX_SERVICE_ACCOUNT_EMAIL = `ledgerdesk-push@${SANDBOX_PUBSUB_PROJECT}.iam.gserviceaccount.com`;
export const SANDBOX_SERVICE_ACCOUNT_KEY_ID = 'sandbox-key-1';
export const SANDBOX_SERVICE_ACCOUNT_PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQC93GNHUQEV0/Ju
X+jmzNOTPWG+DOMNSEiyVVa48lQrL5ym+uBz0lZ1eHiDmSHtKe4amNLljdrbav+i
f1jKRvN3oiQdyVBvPj4VLHhvG6p4VAiYNBAANjWPnQLSCNnJKDGwaUOJgGsVBziV
I9SY1199wmysRcsQ4KqNvq8uzFACUutnviI7uTV+gaHpC85OSC2zDNSwhlQ4hm/n
0dw48CNwFxqFtPNtJegmJLFSXY9naxWGmLF3whHllqjflZGZKUrzuSkkos0ibWmp
yq+062J14BadZARXHrpdoXbwGU2kADYRRYX0sBmrjjYgYfK27QdxqmBuf6ND8p3C
yfi/xs95AgMBAAECggEADzXxZDzKo/eLhCk97QO67aBszL+WjzFb1aG9pWqQsLcL
S1ttEQpob9fbe9uQWsJRt6LHvqlbP9n2KgweznHZvptoXlSLE6Z+bc7WxTwHr8U3
vQ3qvEGbj+pp1+7ql9GXDYWZahI2QgSGlXg955LVrSse7rxWtP7y2xFMUqj+vfjI
DERC3o7X4xTEk1TvvQ/dggXDuC/aq1vQWrR1jAymOwJE5LJdfi2x+biFu2BPHVrf
LqSV5wmU+pl8oaa8uoKaG2mXpAdGhZCEqxtfTOB2lFt0uvvjElp7OmY1G3U+/Rzt
waWjuEv0y2tEOfbHbi4i6v+uApQRynPpIrraDt17AQKBgQD79JSW2e4/J+GnfT2E
AonF0LlHYAbF8/L7HmLT9FzRHuSML0ItEIf393/NgZ/000pe6D9RVXqeJZFQpIzU
1sezfqz4Q8qE3SKO4AdUPAjtP9pry+hgelu4lkOIg1q2jutUnSve58UWn0glKLwg
DIk+B8uJ1THgqM0kfVYcLSDnOQKBgQDA6KC5lpxm2XUc6XohuttERbqpbOVRs3Np
jCFsPoUemjYk+ZPY76jgcA1UjBBk443UjgbaBWQlHsIGJBmpdrfcpJ/++CeoHGIT
fJpO57JvIAfn48LfKfEgmWRXtUDx/0RHczQJZZ+OO0wOa7bR6W3/IzEqG4GSNp+b
OVAJDaLqQQKBgQDNtNN4Ejf9Ik+PEqad2ACqHA6ZYqJFDjYsppNjn5gEOKe6eH8c
EeohHtYecB2rorKOqCnB+vsgkWWCJMbCoxTqzJrmG1sGfRFQ+0GgmV9kbISlDBcO
ZffqzewXUb9HW4pxS91coXf9T1B03jwyImoO1ghs4T5WwRq0Fwyt9n5tqQKBgQCG
wbqNCpYFDsFNyhdj+pjzT1Z+xjBHa3ki8R3j9KSfZRCPsbzDHV+2MPBO8Gz/XSqV
ogVNRdjYSW02Rv+aLvFvc5zEyutA91rXzAIrPpWaJSEAr01RAYaMxDqhPl+47R3w
X5ypN9FG1UtjA4G5jzwkr5vHk2FnFztVfqrXOCxnQQKBgE/30ETgk/GAQE7fZY1j
0nB2+gCb3hH7zeXzaEFUM+OkCJausK4n376+hv/wvMUOuXd7PC+6iQNF9zFpqoq+
1WNct74hLPfWz6o6JgS45Kpw9Thd9RPK1IT+s6/JoO8Au0ql43rS9xtttGkeQT3p
NSOU1cEepK3vLAV9MGZ6EQc3
-----END PRIVATE KEY-----
`;

/** A service-account key file as Google's console downloads it, pointing its token_uri at the sandbox. */
export function sandboxServiceAccountKey(sandboxUrl: string): Record<string, string> {
  return {
    type: 'service_account',
    project_id: SANDBOX_PUBSUB_PROJECT,
    private_key_id: SANDBOX_SERVICE_ACCOUNT_KEY_ID,
    private_key: SANDBOX_SERVICE_ACCOUNT_PRIVATE_KEY,
    client_email: SANDBOX_SERVICE_ACCOUNT_EMAIL,
    token_uri: `${sandboxUrl.replace(/\/+$/, '')}/google/token`,
  };
}
