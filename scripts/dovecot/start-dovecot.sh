#!/usr/bin/env bash
# Starts a private Dovecot (IMAP + LMTP + SMTP submission) for tests and local trials; never the system service.
#
#   scripts/dovecot/start-dovecot.sh <dir> [imap-port] [imaps-port] [submission-port] [lmtp-port]
#
# Mail submitted over SMTP (Dovecot's submission service, STARTTLS + the passdb's users) is relayed to a private
# Exim listening on loopback, which delivers every recipient to this Dovecot's LMTP: Dovecot's submission
# cannot relay to LMTP itself (LMTP refuses EHLO), decision 023.
#
# <dir> gets the config, a test CA and server certificate (openssl), the passdb (users file, `user:{PLAIN}pw`
# lines; Dovecot rereads it when it changes, so tests add users by appending), maildirs and logs. Ports default
# to 0 = choose free loopback ports. Prints `KEY=value` lines (ports, paths) on stdout. Stop with
# `scripts/dovecot/stop-dovecot.sh <dir>`. Installs Debian's dovecot-imapd, -lmtpd and -submissiond when missing
# (we run as root in tests and CI). Decision 023 says why submission relays to Dovecot's own LMTP.
set -euo pipefail

dir="${1:?usage: start-dovecot.sh <dir> [imap-port] [imaps-port] [submission-port] [lmtp-port]}"
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"

if ! command -v dovecot >/dev/null || [ ! -x /usr/lib/dovecot/imap ] || [ ! -x /usr/lib/dovecot/lmtp ] ||
  [ ! -x /usr/lib/dovecot/submission ] || ! command -v exim4 >/dev/null; then
  if [ "$(id -u)" != 0 ]; then
    echo "Dovecot is not installed and this user cannot install it (needs root: apt-get install dovecot-imapd dovecot-lmtpd dovecot-submissiond)" >&2
    exit 3
  fi
  echo "installing Debian's Dovecot packages" >&2
  export DEBIAN_FRONTEND=noninteractive
  { apt-get update -qq && apt-get install -o DPkg::Lock::Timeout=300 -y -qq --no-install-recommends \
    dovecot-imapd dovecot-lmtpd dovecot-submissiond exim4-daemon-light; } >&2 ||
    { echo "Dovecot could not be installed (apt-get failed)" >&2; exit 3; }
fi

free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{process.stdout.write(s.address().port+"\n");s.close()})'
}
imap_port="${2:-0}"; imaps_port="${3:-0}"; submission_port="${4:-0}"; lmtp_port="${5:-0}"
[ "$imap_port" = 0 ] && imap_port="$(free_port)"
[ "$imaps_port" = 0 ] && imaps_port="$(free_port)"
[ "$submission_port" = 0 ] && submission_port="$(free_port)"
[ "$lmtp_port" = 0 ] && lmtp_port="$(free_port)"
relay_port="$(free_port)"

# DOVECOT_IMAP_CAPABILITY replaces the announced capabilities (a test of a server without MOVE or CONDSTORE).
imap_capability_line=""
[ -n "${DOVECOT_IMAP_CAPABILITY:-}" ] && imap_capability_line="imap_capability = $DOVECOT_IMAP_CAPABILITY"
# DOVECOT_WITHOUT_ARCHIVE=1 leaves out the special-use Archive folder (a test of "Archive Folder Missing"; a user
# may still create a folder named Archive, found by its usual name).
archive_mailbox='  mailbox Archive {
    special_use = \Archive
    auto = subscribe
  }'
[ -n "${DOVECOT_WITHOUT_ARCHIVE:-}" ] && archive_mailbox=""
# DOVECOT_MAX_USERIP_CONNECTIONS sets mail_max_userip_connections (default 200): a host's connection limit, which
# Dovecot enforces at LOGIN with `NO [LIMIT] Maximum number of connections from user+IP exceeded`.

mkdir -p "$dir/tls" "$dir/run" "$dir/mail" "$dir/log"
# A test CA and a server certificate for localhost / 127.0.0.1, made once per directory.
if [ ! -f "$dir/tls/server.crt" ]; then
  (
    cd "$dir/tls"
    openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj "/CN=Ledgerdesk Test CA" \
      -keyout ca.key -out ca.crt 2>/dev/null
    openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" -keyout server.key -out server.csr 2>/dev/null
    printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n' >ext.cnf
    openssl x509 -req -in server.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 30 -extfile ext.cnf \
      -out server.crt 2>/dev/null
  )
fi
touch "$dir/users"
chown -R dovecot:dovecot "$dir/mail"
chmod 0644 "$dir/users"
chmod 0755 "$dir" "$dir/tls"
chmod 0644 "$dir/tls/server.key"

cat >"$dir/dovecot.conf" <<CONF
# Private test instance (scripts/dovecot/start-dovecot.sh): nothing here touches /etc/dovecot.
base_dir = $dir/run
state_dir = $dir/run/state
instance_name = ledgerdesk-test-$imap_port
protocols = imap lmtp submission
listen = 127.0.0.1
log_path = $dir/log/dovecot.log
info_log_path = $dir/log/dovecot.log
ssl = yes
ssl_cert = <$dir/tls/server.crt
ssl_key = <$dir/tls/server.key
ssl_min_protocol = TLSv1.2
# Tests log in over plain IMAP too (the STARTTLS port without STARTTLS) to check both paths.
disable_plaintext_auth = no
auth_mechanisms = plain login
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u $dir/users
}
userdb {
  driver = static
  args = uid=dovecot gid=dovecot home=$dir/mail/%u
}
mail_location = maildir:~/Maildir
mail_plugins =
first_valid_uid = 1
namespace inbox {
  inbox = yes
  separator = /
  mailbox Drafts {
    special_use = \Drafts
    auto = subscribe
  }
  mailbox Sent {
    special_use = \Sent
    auto = subscribe
  }
$archive_mailbox
  mailbox Trash {
    special_use = \Trash
    auto = subscribe
  }
  mailbox Junk {
    special_use = \Junk
    auto = subscribe
  }
}
$imap_capability_line
# Room for one node's IMAP_IDLE_MAX_PER_NODE (500) IDLE connections at once plus the syncs (the bench holds that
# many): one imap process per connection, one login process per login under way (both default to 100).
service imap {
  process_limit = 1024
}
service imap-login {
  process_limit = 1024
  inet_listener imap {
    address = 127.0.0.1
    port = $imap_port
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = $imaps_port
    ssl = yes
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = $lmtp_port
  }
}
service submission-login {
  inet_listener submission {
    address = 127.0.0.1
    port = $submission_port
  }
}
# Mail submitted over SMTP goes to the private Exim, which delivers it to this instance's LMTP (decision 023).
# Every recipient must then be a user of the passdb.
submission_relay_host = 127.0.0.1
submission_relay_port = $relay_port
submission_relay_trusted = yes
hostname = localhost
postmaster_address = postmaster@localhost
lmtp_save_to_detail_mailbox = no
recipient_delimiter =
service anvil {
  chroot =
}
service stats {
  chroot =
}
protocol imap {
  mail_max_userip_connections = ${DOVECOT_MAX_USERIP_CONNECTIONS:-200}
}
CONF

mkdir -p "$dir/exim/spool" "$dir/exim/log"
chown -R Debian-exim:Debian-exim "$dir/exim"
cat >"$dir/exim/exim.conf" <<CONF
# Private relay of the test instance: accepts mail from loopback and delivers it to Dovecot's LMTP.
primary_hostname = localhost
spool_directory = $dir/exim/spool
log_file_path = $dir/exim/log/%slog
exim_user = Debian-exim
exim_group = Debian-exim
never_users =
local_interfaces = 127.0.0.1
daemon_smtp_ports = $relay_port
host_lookup =
rfc1413_hosts =
acl_smtp_rcpt = accept
tls_advertise_hosts =
begin routers
dovecot_lmtp:
  driver = manualroute
  route_list = * 127.0.0.1
  self = send
  transport = dovecot_lmtp
begin transports
dovecot_lmtp:
  driver = smtp
  protocol = lmtp
  port = $lmtp_port
  hosts_avoid_tls = *
begin retry
* * F,2m,5s
CONF
# Exim refuses a config file that is not root's (a restart on the same directory finds the one chowned above).
chown root:root "$dir/exim/exim.conf" && chmod 0644 "$dir/exim/exim.conf"
exim4 -C "$dir/exim/exim.conf" -bd -q5s -oP "$dir/run/exim.pid" </dev/null >>"$dir/log/exim.out" 2>&1

mkdir -p "$dir/run/state"
dovecot -c "$dir/dovecot.conf" </dev/null >>"$dir/log/dovecot.out" 2>&1
for _ in $(seq 1 50); do
  if node -e "require('net').connect($imap_port,'127.0.0.1').on('connect',()=>process.exit(0)).on('error',()=>process.exit(1))" 2>/dev/null; then
    break
  fi
  sleep 0.1
done

echo "DOVECOT_DIR=$dir"
echo "IMAP_PORT=$imap_port"
echo "IMAPS_PORT=$imaps_port"
echo "SUBMISSION_PORT=$submission_port"
echo "LMTP_PORT=$lmtp_port"
echo "CA_FILE=$dir/tls/ca.crt"
echo "USERS_FILE=$dir/users"
echo "SMTP_RELAY_PORT=$relay_port"
