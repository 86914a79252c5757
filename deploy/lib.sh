# shellcheck shell=bash disable=SC2034
# (SC2034: the constants below are read by the scripts that source this file.)
# Shared by deploy/install.sh, deploy/update.sh and deploy/doctor.sh: where things live on the
# server and the steps the three have in common. Sourced, never run. See docs/deploy.md
# ("Putting it online with one command") and docs/decisions/0027-going-live.md.

readonly SERVICE_USER=tasaciones
# Builds releases (npm ci and the build run the dependencies' code): neither root nor the service.
readonly BUILD_USER=tasaciones-build
readonly NPM_CACHE_DIR=/var/cache/tasaciones/npm
readonly SERVICE_UNIT=tasaciones.service
# The next release, started beside the running one during an update (same hardening, next port).
readonly CANDIDATE_UNIT=tasaciones-candidate.service
readonly APP_DIR=/opt/tasaciones
readonly NODE_PREFIX=$APP_DIR/node
readonly RELEASES_DIR=$APP_DIR/releases
readonly CURRENT_LINK=$APP_DIR/current
readonly CANDIDATE_LINK=$APP_DIR/candidate
readonly DATA_DIR=/var/lib/tasaciones
# Root's, beside the data: the service neither reads nor writes them (a link it planted in its own
# folder would otherwise be followed by root).
readonly RESTORE_POINTS_DIR=/var/backups/tasaciones-puntos-de-restauracion
readonly CONFIG_DIR=/etc/tasaciones
readonly ENV_FILE=$CONFIG_DIR/tasaciones.env
readonly CANDIDATE_ENV_FILE=$CONFIG_DIR/candidate.env
readonly ACME_CA_FILE=$CONFIG_DIR/acme-ca.pem
readonly ACME_WEBROOT=/var/www/tasaciones-acme
readonly CERT_NAME=tasaciones
readonly NGINX_SITE=/etc/nginx/sites-available/tasaciones.conf
# One update at a time (flock): in /run, which only root writes.
readonly UPDATE_LOCK=/run/tasaciones-update.lock
# An update under way: what to undo if it is killed (root's folder, never the service's).
readonly UPDATE_STATE=$APP_DIR/actualizacion-en-curso
# The unit that waits for the update's lock and undoes an update killed half-way.
readonly UPDATE_GUARD_UNIT=tasaciones-update-guard.service
# Releases kept after an update, the running one included, to go back by hand.
readonly RELEASES_KEPT=5

export PATH="$NODE_PREFIX/node_modules/.bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
export DEBIAN_FRONTEND=noninteractive
export npm_config_cache=$NPM_CACHE_DIR npm_config_audit=false npm_config_fund=false \
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
  [[ $(id -u) -eq 0 ]] || die "Hay que ejecutarlo como root: sudo $0"
}

# The value of KEY in the configuration file (empty when absent).
config_value() {
  [[ -f $ENV_FILE ]] || return 0
  sed -n "s/^$1=//p" "$ENV_FILE" | tail -n 1
}

# Sets KEY=VALUE in the configuration file in place, keeping every other line (the owner's own).
set_config_value() {
  local key=$1 value=$2 temporary
  # Compared in the shell: a grep for "$key=$value" put a password or the proxy secret on a
  # command line, which every local user reads in /proc while it runs.
  [[ -f $ENV_FILE && $(config_value "$key") == "$value" ]] && return 0
  temporary=$(mktemp "$CONFIG_DIR/.env.XXXXXX")
  KEY=$key VALUE=$value awk 'BEGIN { key = ENVIRON["KEY"]; line = key "=" ENVIRON["VALUE"] }
    index($0, key "=") == 1 { if (!done) print line; done = 1; next }
    { print }
    END { if (!done) print line }' "$ENV_FILE" >"$temporary"
  chmod 600 "$temporary"
  mv "$temporary" "$ENV_FILE"
}

service_port() { config_value PORT; }

# The facts the service's code owns (SQLITE_FILE, DOCTOR_FINDINGS_FILE, HEALTH_PATH,
# HEALTH_DETAILS_HEADER, SERVICE_DEFAULT_PORT), asked of the code (server/deploy-facts.ts), never
# restated here, from the clone or release at SOURCE. Needs Node 24: install.sh calls it once Node is in place, doctor.sh and update.sh
# at once.
load_deploy_facts() {
  local source=$1 key value
  while IFS='=' read -r key value; do
    [[ $key =~ ^[A-Z_]+$ && $value =~ ^[A-Za-z0-9./_-]+$ ]] ||
      die "No pude leer los datos del servicio (node $source/server/deploy-facts.ts)."
    declare -gr "$key=$value"
  done < <(node "$source/server/deploy-facts.ts" 2>&1 || echo "falló")
  [[ -n ${SQLITE_FILE:-} && -n ${DOCTOR_FINDINGS_FILE:-} && -n ${HEALTH_PATH:-} && -n ${HEALTH_DETAILS_HEADER:-} ]] ||
    die "Faltan datos del servicio (node $source/server/deploy-facts.ts)."
  declare -gr DOCTOR_FINDINGS=$DATA_DIR/$DOCTOR_FINDINGS_FILE
}

# The service's health on PORT with its details (the database's cause, the off-site copy): the
# server's secret goes in a header read from a descriptor, never on a command line (decision 0040).
service_health() {
  curl -sS --max-time "${2:-10}" -H @<(printf '%s: %s\n' "$HEALTH_DETAILS_HEADER" "$(config_value LEADS_PROXY_SECRET)") "http://127.0.0.1:$1$HEALTH_PATH" 2>/dev/null
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

# True when UNIT keeps answering on PORT for SECONDS with neither a restart nor a new process: a
# release that answers once and dies seconds later is caught here, not by the owner.
stays_up() {
  local unit=$1 unit_port=$2 seconds=$3 restarts pid
  restarts=$(systemctl show -P NRestarts "$unit")
  pid=$(systemctl show -P MainPID "$unit")
  for ((i = 0; i < seconds; i++)); do
    sleep 1
    [[ $(systemctl show -P NRestarts "$unit") == "$restarts" && $(systemctl show -P MainPID "$unit") == "$pid" ]] ||
      return 1
    systemctl is-active --quiet "$unit" || return 1
  done
  healthy "$unit_port"
}

healthy() {
  local port=$1
  curl -fsS --max-time 5 "http://127.0.0.1:$port$HEALTH_PATH" 2>/dev/null | jq -e '.ok == true' >/dev/null 2>&1 &&
    curl -fsS --max-time 5 -o /dev/null "http://127.0.0.1:$port/" 2>/dev/null
}

# Builds the committed tree of REF (from the clone at SOURCE) as a new release; prints its folder.
# A release is the project at one commit with its dependencies installed and its pages built with
# the server's facts; the build user builds it (npm ci runs the dependencies' install scripts), and
# once built it is root's and nobody writes it again: the owner's publications build under the
# data folder.
build_release() {
  local source=$1 ref=$2 commit id release
  commit=$(git -C "$source" rev-parse --verify "$ref^{commit}") || die "No existe la versión $ref en $source."
  id="$(date -u +%Y%m%d-%H%M%S)-${commit:0:12}"
  release=$RELEASES_DIR/$id
  rm -rf "$release.partial"
  install -d -o "$BUILD_USER" -g "$BUILD_USER" -m 755 "$release.partial"
  install -d -o "$BUILD_USER" -g "$BUILD_USER" -m 700 "$NPM_CACHE_DIR"
  # The cache was root's before builds had their own user.
  [[ -z $(find "$NPM_CACHE_DIR" ! -user "$BUILD_USER" -print -quit) ]] || chown -R "$BUILD_USER:$BUILD_USER" "$NPM_CACHE_DIR"
  git -C "$source" -c tar.umask=0022 archive "$commit" | runuser -u "$BUILD_USER" -- tar -x -C "$release.partial" || {
    rm -rf "$release.partial"
    return 1
  }
  # The pages are built with the server's facts (SITE_URL first of all), and only those: the
  # configuration's secrets (database, backup and mail keys) never reach the build.
  local facts=()
  mapfile -t facts < <(grep -E '^(SITE_[A-Z_]*|LEADS_RETENTION_MONTHS)=' "$ENV_FILE" || true)
  (
    cd "$release.partial"
    runuser -u "$BUILD_USER" -- env -i PATH="$PATH" HOME="$NPM_CACHE_DIR" LANG=C.UTF-8 \
      npm_config_cache="$NPM_CACHE_DIR" npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false \
      ${NODE_EXTRA_CA_CERTS:+NODE_EXTRA_CA_CERTS=$NODE_EXTRA_CA_CERTS} "${facts[@]}" BUILD_DIR=build \
      sh -c 'npm ci --no-audit --no-fund --loglevel=error && npm run --silent build' >&2
  ) || {
    rm -rf "$release.partial"
    return 1
  }
  echo "$commit" >"$release.partial/.release-commit"
  config_value SITE_URL >"$release.partial/.release-site-url"
  # Root's, read-only to everyone else: the service runs it and never writes it, so it cannot
  # plant code that a restart would run. chown and chmod follow no link (-R without -L).
  chown -R root:root "$release.partial"
  chmod -R go-w "$release.partial"
  mv -T "$release.partial" "$release"
  echo "$release"
}

release_commit() { cat "$1/.release-commit" 2>/dev/null || true; }

# True when a kept release may be reused: a real folder (no link), root's throughout, nothing in it
# writable by another user, and its tracked files exactly those of COMMIT in the clone SOURCE.
release_intact() {
  local release=$1 source=$2 commit=$3
  [[ -d $release && ! -L $release && $(release_commit "$release") == "$commit" ]] || return 1
  [[ -z $(find "$release" \( ! -user root -o -perm /022 \) ! -type l -print -quit) ]] || return 1
  git -C "$source" -c tar.umask=0022 archive "$commit" | tar --compare --file=- -C "$release" >/dev/null 2>&1
}

# Points a link at a release in one rename, so it is never missing.
point_link() {
  local link=$1 target=$2
  ln -sfn "$target" "$link.new"
  mv -T "$link.new" "$link"
}

# The service's sandbox, one property a line: the unit of the running release, the candidate's and
# the doctor's dry build (systemd-run -p) share it. systemd-analyze security scores the unit about
# 1.9 (decisions 0027, 0034); MemoryDenyWriteExecute stays off, V8 needs writable and executable
# memory for its compiled code. Only the data folder is writable: the releases are root's.
unit_sandbox() {
  local writable="$DATA_DIR" backup_url
  # Copies to a mounted disk (file://…) need that folder writable too.
  backup_url=$(config_value LEADS_BACKUP_URL)
  [[ $backup_url == file://* ]] && writable+=" ${backup_url#file://}"
  cat <<PROPERTIES
User=$SERVICE_USER
Group=$SERVICE_USER
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
PROPERTIES
}

# The unit for the running release (NAME=tasaciones) or the candidate beside it: the same sandbox.
write_unit() {
  local name=$1 link=$2 extra_env=$3
  cat >"/etc/systemd/system/$name" <<UNIT
[Unit]
Description=Tasaciones: sitio, servicio de leads y bandeja ($name)
After=network-online.target postgresql.service
Wants=network-online.target

[Service]
Type=simple
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
$(unit_sandbox)

[Install]
WantedBy=multi-user.target
UNIT
}

# The site's nginx configuration, from the code (server/installed-nginx-config.ts and
# deploy/nginx/installed-*.conf.template): the same headers, limits and timeouts as the build's
# configuration for hand deploys. Run from root's clone ($SOURCE), never from a release the build
# user wrote. Arguments: the domain, the service's port, and whether TLS is on (certbot has the
# certificate).
write_nginx_site() {
  local domain=$1 port=$2 with_tls=$3 ipv6=false
  [[ -d /proc/sys/net/ipv6 ]] && ipv6=true
  # Root's alone: it holds the secret nginx proves itself with.
  install -m 600 /dev/null "$NGINX_SITE"
  (
    # Exported, not on a command line (env's arguments are readable by every local user).
    export NGINX_DOMAIN=$domain NGINX_PORT=$port NGINX_ACME_WEBROOT=$ACME_WEBROOT NGINX_IPV6=$ipv6
    LEADS_PROXY_SECRET=$(config_value LEADS_PROXY_SECRET)
    export LEADS_PROXY_SECRET
    if [[ $with_tls == true ]]; then
      export NGINX_CERTIFICATE=/etc/letsencrypt/live/$CERT_NAME/fullchain.pem
      export NGINX_CERTIFICATE_KEY=/etc/letsencrypt/live/$CERT_NAME/privkey.pem
    fi
    node "${SOURCE:?}/server/installed-nginx-site.ts" >"$NGINX_SITE"
  ) || die "No se pudo escribir la configuración de nginx ($NGINX_SITE)."
  ln -sfn "$NGINX_SITE" /etc/nginx/sites-enabled/tasaciones.conf
  rm -f /etc/nginx/sites-enabled/default
  nginx -t -q || die "nginx rechazó la configuración de $NGINX_SITE: revisá el mensaje de arriba."
  systemctl enable --quiet nginx
  if systemctl is-active --quiet nginx; then systemctl reload nginx; else systemctl start nginx; fi
}

# Runs a PostgreSQL client (pg_dump, psql) on DATABASE_URL with no password on any command line:
# the address's parts go in libpq's variables and the password in a passfile only root reads,
# removed afterwards.
with_database() {
  local url passfile status=0 parts=()
  url=$(config_value DATABASE_URL)
  mapfile -t parts < <(DATABASE_URL=$url node -e '
    const url = new URL(process.env.DATABASE_URL);
    const part = (text) => decodeURIComponent(text);
    const escape = (text) => text.replace(/[\\:]/g, (c) => "\\" + c);
    const lines = [part(url.hostname || "localhost"), url.port || "5432", part(url.pathname.slice(1)),
      part(url.username), url.searchParams.get("sslmode") ?? "prefer",
      ["*", "*", "*", escape(part(url.username)), escape(part(url.password))].join(":")];
    console.log(lines.join("\n"));')
  ((${#parts[@]} == 6)) || {
    say "DATABASE_URL no es una dirección postgres:// válida." >&2
    return 1
  }
  passfile=$(mktemp "$CONFIG_DIR/.pgpass.XXXXXX")
  printf '%s\n' "${parts[5]}" >"$passfile"
  PGPASSFILE=$passfile PGHOST=${parts[0]} PGPORT=${parts[1]} PGDATABASE=${parts[2]} PGUSER=${parts[3]} \
    PGSSLMODE=${parts[4]} "$@" || status=$?
  rm -f "$passfile"
  return "$status"
}

# A consistent copy of the database before anything changes: SQLite's online backup (safe while the
# service writes), or pg_dump. Prints the file. Kept to go back by hand (decision 0034: no update
# needs it, every release accepts the database its successors migrated).
take_restore_point() {
  local label=$1 file
  install -d -o root -g root -m 700 "$RESTORE_POINTS_DIR"
  if [[ -n $(config_value DATABASE_URL) ]]; then
    file=$RESTORE_POINTS_DIR/$(date -u +%Y%m%d-%H%M%S)-$label.pgdump
    with_database pg_dump --format=custom --file="$file" || return 1
  else
    file=$RESTORE_POINTS_DIR/$(date -u +%Y%m%d-%H%M%S)-$label.sqlite
    [[ -f $DATA_DIR/$SQLITE_FILE ]] || {
      echo ""
      return 0
    }
    sqlite3 "$DATA_DIR/$SQLITE_FILE" ".timeout 10000" ".backup '$file'" || return 1
    sqlite3 "$file" "PRAGMA integrity_check;" | grep -qx ok || return 1
  fi
  chmod 600 "$file"
  # Only the last ten points are kept: each is the whole database.
  find "$RESTORE_POINTS_DIR" -maxdepth 1 -type f -printf '%T@ %p\n' | sort -rn | tail -n +11 | cut -d' ' -f2- |
    xargs -r rm -f
  echo "$file"
}
