# Shared by deploy/install.sh, deploy/update.sh and deploy/doctor.sh: where things live on the
# server and the steps the three have in common. Sourced, never run. See docs/deploy.md
# ("Putting it online with one command") and docs/decisions/0027-going-live.md.

readonly SERVICE_USER=tasaciones
readonly SERVICE_UNIT=tasaciones.service
# The next release, started beside the running one during an update (same hardening, next port).
readonly CANDIDATE_UNIT=tasaciones-candidate.service
readonly APP_DIR=/opt/tasaciones
readonly NODE_PREFIX=$APP_DIR/node
readonly RELEASES_DIR=$APP_DIR/releases
readonly CURRENT_LINK=$APP_DIR/current
readonly CANDIDATE_LINK=$APP_DIR/candidate
readonly DATA_DIR=/var/lib/tasaciones
readonly RESTORE_POINTS_DIR=$DATA_DIR/puntos-de-restauracion
readonly CONFIG_DIR=/etc/tasaciones
readonly ENV_FILE=$CONFIG_DIR/tasaciones.env
readonly CANDIDATE_ENV_FILE=$CONFIG_DIR/candidate.env
readonly ACME_CA_FILE=$CONFIG_DIR/acme-ca.pem
readonly ACME_WEBROOT=/var/www/tasaciones-acme
readonly CERT_NAME=tasaciones
readonly NGINX_SITE=/etc/nginx/sites-available/tasaciones.conf
readonly DOCTOR_FINDINGS=$DATA_DIR/doctor.json
# Releases kept after an update, the running one included, to go back by hand.
readonly RELEASES_KEPT=5

export PATH="$NODE_PREFIX/node_modules/.bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
export DEBIAN_FRONTEND=noninteractive
export npm_config_cache=/var/cache/tasaciones/npm npm_config_audit=false npm_config_fund=false \
  npm_config_update_notifier=false

# Node trusts the server's certificate store too (its own list otherwise), as apt and curl do.
[[ -f /etc/ssl/certs/ca-certificates.crt ]] && export NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt

say() { printf '%s\n' "$*"; }
step() { printf '\n▶ %s\n' "$*"; }
die() {
  printf '\n✖ %s\n' "$*" >&2
  exit 1
}

require_root() {
  [[ $(id -u) -eq 0 ]] || die "Hay que ejecutarlo como root: sudo $0 $*"
}

# The value of KEY in the configuration file (empty when absent).
config_value() {
  [[ -f $ENV_FILE ]] || return 0
  sed -n "s/^$1=//p" "$ENV_FILE" | tail -n 1
}

# Sets KEY=VALUE in the configuration file in place, keeping every other line (the owner's own).
set_config_value() {
  local key=$1 value=$2 temporary
  grep -qxF "$key=$value" "$ENV_FILE" 2>/dev/null && return 0
  temporary=$(mktemp "$CONFIG_DIR/.env.XXXXXX")
  KEY=$key VALUE=$value awk 'BEGIN { key = ENVIRON["KEY"]; line = key "=" ENVIRON["VALUE"] }
    index($0, key "=") == 1 { if (!done) print line; done = 1; next }
    { print }
    END { if (!done) print line }' "$ENV_FILE" >"$temporary"
  chmod 600 "$temporary"
  mv "$temporary" "$ENV_FILE"
}

service_port() { config_value PORT; }

# The service's health on PORT with its details (the database's cause, the off-site copy): the
# server's secret goes in a header read from a descriptor, never on a command line (decision 0040).
service_health() {
  curl -sS --max-time "${2:-10}" -H @<(printf 'X-Health-Details: %s\n' "$(config_value LEADS_PROXY_SECRET)") "http://127.0.0.1:$1/api/health" 2>/dev/null
}
candidate_port() { echo $(($(service_port) + 1)); }

# Waits for UNIT on PORT: true once healthy, false as soon as it keeps failing or after 90 s.
wait_started() {
  local unit=$1 unit_port=$2 deadline=$((SECONDS + 90))
  while ((SECONDS < deadline)); do
    healthy "$unit_port" && return 0
    if systemctl is-failed --quiet "$unit" || (($(systemctl show -P NRestarts "$unit") >= 2)); then return 1; fi
    sleep 0.5
  done
  return 1
}


healthy() {
  local port=$1
  curl -fsS --max-time 5 "http://127.0.0.1:$port/api/health" 2>/dev/null | grep -q '"ok":true' &&
    curl -fsS --max-time 5 -o /dev/null "http://127.0.0.1:$port/" 2>/dev/null
}

# Builds the committed tree of REF (from the clone at SOURCE) as a new release; prints its folder.
# A release is the project at one commit with its dependencies installed and its pages built with
# the server's configuration; nothing in it is written later but by the owner's publications.
build_release() {
  local source=$1 ref=$2 commit id release
  commit=$(git -C "$source" rev-parse --verify "$ref^{commit}") || die "No existe la versión $ref en $source."
  id="$(date -u +%Y%m%d-%H%M%S)-${commit:0:12}"
  release=$RELEASES_DIR/$id
  mkdir -p "$release.partial"
  git -C "$source" archive "$commit" | tar -x -C "$release.partial"
  echo "$commit" >"$release.partial/.release-commit"
  config_value SITE_URL >"$release.partial/.release-site-url"
  (
    cd "$release.partial"
    npm ci --no-audit --no-fund --loglevel=error >&2
    # The pages are built with the server's own facts (SITE_URL first of all).
    set -a
    # shellcheck disable=SC1090
    . "$ENV_FILE"
    set +a
    BUILD_DIR=build npm run --silent build >&2
  ) || {
    rm -rf "$release.partial"
    return 1
  }
  # The owner's publications build in the release folder (generated images, a lock in node_modules).
  chown -R "$SERVICE_USER:$SERVICE_USER" "$release.partial"
  mv "$release.partial" "$release"
  echo "$release"
}

release_commit() { cat "$1/.release-commit" 2>/dev/null || true; }

# Points a link at a release in one rename, so it is never missing.
point_link() {
  local link=$1 target=$2
  ln -sfn "$target" "$link.new"
  mv -T "$link.new" "$link"
}

# The unit for the running release (NAME=tasaciones) or the candidate beside it: the same hardening.
# systemd-analyze security scores it about 1.9 (decision 0027); MemoryDenyWriteExecute stays off,
# V8 needs writable and executable memory for its compiled code.
write_unit() {
  local name=$1 link=$2 extra_env=$3 writable="$DATA_DIR $RELEASES_DIR" backup_url
  # Copies to a mounted disk (file://…) need that folder writable too.
  backup_url=$(config_value LEADS_BACKUP_URL)
  [[ $backup_url == file://* ]] && writable+=" ${backup_url#file://}"
  cat >"/etc/systemd/system/$name" <<UNIT
[Unit]
Description=Tasaciones: sitio, servicio de leads y bandeja ($name)
After=network-online.target postgresql.service
Wants=network-online.target

[Service]
Type=simple
User=$SERVICE_USER
Group=$SERVICE_USER
WorkingDirectory=$link
EnvironmentFile=$ENV_FILE
$extra_env
Environment=NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
Environment=PATH=$link/node_modules/.bin:$NODE_PREFIX/node_modules/.bin:/usr/bin:/bin
ExecStart=$link/node_modules/.bin/node --disable-warning=ExperimentalWarning server/serve.ts
Restart=on-failure
RestartSec=1
# SIGTERM: stops accepting, finishes the submissions in flight, closes the database (10 s at most).
KillSignal=SIGTERM
TimeoutStopSec=15
UMask=0077
NoNewPrivileges=yes
CapabilityBoundingSet=
AmbientCapabilities=
ProtectSystem=strict
ReadWritePaths=$writable
ProtectHome=yes
PrivateTmp=yes
PrivateDevices=yes
PrivateUsers=yes
ProtectHostname=yes
ProtectClock=yes
ProtectKernelTunables=yes
ProtectKernelModules=yes
ProtectKernelLogs=yes
ProtectControlGroups=yes
ProtectProc=invisible
RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX
RestrictNamespaces=yes
RestrictRealtime=yes
RestrictSUIDSGID=yes
LockPersonality=yes
RemoveIPC=yes
DevicePolicy=closed
SystemCallArchitectures=native
SystemCallFilter=@system-service
SystemCallFilter=~@privileged
SystemCallErrorNumber=EPERM

[Install]
WantedBy=multi-user.target
UNIT
}

# A consistent copy of the database before anything changes: SQLite's online backup (safe while the
# service writes), or pg_dump. Prints the file.
take_restore_point() {
  local label=$1 database file
  database=$(config_value DATABASE_URL)
  install -d -o "$SERVICE_USER" -g "$SERVICE_USER" -m 700 "$RESTORE_POINTS_DIR"
  if [[ -n $database ]]; then
    file=$RESTORE_POINTS_DIR/$(date -u +%Y%m%d-%H%M%S)-$label.pgdump
    pg_dump --format=custom --file="$file" "$database" || return 1
  else
    file=$RESTORE_POINTS_DIR/$(date -u +%Y%m%d-%H%M%S)-$label.sqlite
    [[ -f $DATA_DIR/leads.sqlite ]] || {
      echo ""
      return 0
    }
    sqlite3 "$DATA_DIR/leads.sqlite" ".timeout 10000" ".backup '$file'" || return 1
    sqlite3 "$file" "PRAGMA integrity_check;" | grep -qx ok || return 1
  fi
  chown "$SERVICE_USER:$SERVICE_USER" "$file"
  chmod 600 "$file"
  # Only the last ten points are kept: each is the whole database.
  find "$RESTORE_POINTS_DIR" -maxdepth 1 -type f -printf '%T@ %p\n' | sort -rn | tail -n +11 | cut -d' ' -f2- |
    xargs -r rm -f
  echo "$file"
}
