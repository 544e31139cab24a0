#!/usr/bin/env bash
# Starts a private Dovecot with a demo mailbox for trying "Connect other mail (IMAP)" locally, and prints what to
# type in the card and how to start the app so it may connect to it (loopback, the demo CA).
#
#   scripts/dovecot/demo.sh [dir]        (default dir: ./data/dovecot-demo; stop: scripts/dovecot/stop-dovecot.sh dir)
#
# Needs root the first time (installs Debian's dovecot-imapd, -lmtpd, -submissiond and exim4 when missing).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
dir="${1:-./data/dovecot-demo}"
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
address="demo@example.test"
password="demo-app-password"

values="$("$here/start-dovecot.sh" "$dir")"
value() { printf '%s\n' "$values" | sed -n "s/^$1=//p"; }
imaps_port="$(value IMAPS_PORT)"
submission_port="$(value SUBMISSION_PORT)"
lmtp_port="$(value LMTP_PORT)"

grep -q "^$address:" "$dir/users" 2>/dev/null || printf '%s:{PLAIN}%s\n' "$address" "$password" >>"$dir/users"

# One welcome message in the demo inbox, delivered over LMTP like real mail.
node - "$lmtp_port" "$address" <<'NODE'
const net = require('node:net');
const [port, to] = process.argv.slice(2);
const lines = [
  'LHLO demo', 'MAIL FROM:<client@example.test>', `RCPT TO:<${to}>`, 'DATA',
  `From: Client <client@example.test>\r\nTo: ${to}\r\nSubject: Welcome to your IMAP demo mailbox\r\n` +
    `Date: ${new Date().toUTCString()}\r\nMessage-ID: <demo-${Date.now()}@example.test>\r\n\r\n` +
    'This message was delivered to the local Dovecot. Sync in Ledgerdesk to see it in triage.\r\n.',
  'QUIT',
];
const socket = net.connect(Number(port), '127.0.0.1');
let step = 0;
socket.on('data', (chunk) => {
  for (const line of chunk.toString().split('\r\n')) {
    if (!/^\d{3} /.test(line)) continue;
    if (step < lines.length) socket.write(`${lines[step++]}\r\n`);
  }
});
socket.on('error', (error) => { console.error(`demo message not delivered: ${error.message}`); process.exit(1); });
NODE

cat <<TEXT

A local Dovecot is running in $dir.

Start Ledgerdesk so it may connect to it (loopback host, the demo's own certificate authority):

  IMAP_ALLOW_PRIVATE_HOSTS=true IMAP_EXTRA_CA_FILE=$dir/tls/ca.crt npm start

Then open Email Integration → "Connect other mail (IMAP)" and type:

  Email address   $address
  Password        $password
  IMAP            host localhost   port $imaps_port   security TLS
  SMTP            host localhost   port $submission_port   security STARTTLS

Stop it with: scripts/dovecot/stop-dovecot.sh $dir
TEXT
