#!/usr/bin/env bash
# shellcheck disable=SC2317  # cleanup and the helpers run from traps and subshells
# The owner's one command, end to end, on a fresh Debian 12 server: a root file system made with
# debootstrap (cached under /var/cache/tasaciones-deploy-test, built when missing), booted with
# systemd-nspawn on this machine's network, Debian's pebble as the ACME server on loopback, and the
# commit under test cloned into it. Install, HTTPS, 301, HSTS, the owner's sign-in, a stored lead,
# the owner's day in Chromium at 390 px (tests/deploy/owner-day.ts: the first sign-in with the
# printed code, a publication, a visitor's lead and its visit, a photo, undo, a restart; screenshots in
# /tmp/shots/owner-day), systemd bringing back a killed service, a second install, updates (the
# same version and a broken one, with `/` polled every half second) each leaving the publication
# served, the doctor green and red, renewal. Needs root.
#   bash tests/deploy/go-live.sh            (from the repository; tests its HEAD commit)
set -euo pipefail

# The server under test is another machine, on the real clock, and pebble stands in for a CA
# elsewhere: under libfaketime (the suite tried at another hour) the host's certificates would be
# dated in the server's future ("certificate is not yet valid"). This test runs on the real clock.
if [[ -n "${FAKETIME:-}" || "${LD_PRELOAD:-}" == *faketime* ]]; then
  exec env -u LD_PRELOAD -u FAKETIME -u FAKETIME_DONT_FAKE_MONOTONIC bash "$0" "$@"
fi
# Read whole before it runs: an edit to this file during a run cannot change the run.
{

REPOSITORY=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
CACHE=/var/cache/tasaciones-deploy-test
ROOT_CACHE=$CACHE/debian12
NPM_CACHE=$CACHE/npm
DOMAIN=sitio.tasaciones.test
OWNER_EMAIL=titular@tasaciones.test
OWNER_PASSWORD='una contraseña larga del titular'
MIRROR=http://deb.debian.org/debian
# What the installer installs, put in the cached root so a run only checks them.
ROOT_PACKAGES=(systemd systemd-sysv dbus nginx certbot npm git curl ca-certificates sqlite3 openssl libvips-tools
  iproute2 procps postgresql-client jq postgresql)
PEBBLE_PORT=14000 PEBBLE_MANAGEMENT_PORT=15000 CHALLTESTSRV_DNS=127.0.0.1:8053 CHALLTESTSRV_MANAGEMENT=127.0.0.1:8055
# What the owner publishes in her day, and the visitor who writes from the new tower's page.
OWNER_DAY_WHATSAPP='+54 9 11 4567-8901'
OWNER_DAY_BUSINESS='Estudio Dársena Norte'
OWNER_DAY_TOWER='Torre Mirador Sur' OWNER_DAY_TOWER_SLUG=torre-mirador-sur
OWNER_DAY_PHOTO_ALT='Torre Mirador Sur desde el dique'
# One visitor in the morning (the first day), another after the updates: each lead found by its name.
OWNER_DAY_VISITORS=('Visitante de la mañana' 'Visitante de la tarde')
OWNER_DAY_SHOTS=/tmp/shots/owner-day

passed=0 failed=0
started=$SECONDS
log() { printf '[%4ds] %s\n' $((SECONDS - started)) "$*"; }
ok() {
  passed=$((passed + 1))
  log "ok: $*"
}
not_ok() {
  failed=$((failed + 1))
  log "FALLA: $*"
}
check() {
  local description=$1
  shift
  if "$@"; then ok "$description"; else not_ok "$description"; fi
}
fatal() {
  not_ok "$*"
  exit 1
}

[[ $(id -u) -eq 0 ]] || {
  echo "The deploy test needs root (debootstrap, systemd-nspawn)." >&2
  exit 1
}
for command in debootstrap systemd-nspawn pebble pebble-challtestsrv openssl curl nsenter certutil chromium; do
  command -v "$command" >/dev/null || {
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap systemd-container \
      pebble openssl curl util-linux libnss3-tools chromium >/dev/null
    break
  }
done
# The owner's browser walk runs on the project's Node (its devDependency) with its packages.
[[ -x $REPOSITORY/node_modules/.bin/node ]] || {
  echo "Run npm install in $REPOSITORY first: the owner's walk in Chromium needs the project's packages." >&2
  exit 1
}
for port in 80 443 $PEBBLE_PORT $PEBBLE_MANAGEMENT_PORT 8053 8055; do
  if ss -Hltn "sport = :$port" | grep -q .; then fatal "port $port is taken on this machine; the test needs it free"; fi
done
# The service's port pair, free on this machine (the container shares its network).
SERVICE_PORT=""
for candidate in $(seq 3700 2 3798); do
  if ! ss -Hltn "( sport = :$candidate or sport = :$((candidate + 1)) )" | grep -q .; then
    SERVICE_PORT=$candidate
    break
  fi
done
[[ -n $SERVICE_PORT ]] || fatal "no free port pair between 3700 and 3799"

build_root() {
  local partial=$ROOT_CACHE.partial
  log "building the Debian 12 root file system (cached afterwards in $ROOT_CACHE)"
  rm -rf "$partial"
  debootstrap --variant=minbase --include=systemd,systemd-sysv,dbus,ca-certificates bookworm "$partial" "$MIRROR" \
    >"$CACHE/debootstrap.log" 2>&1 || fatal "debootstrap failed: $CACHE/debootstrap.log"
  printf 'deb %s bookworm main\ndeb %s bookworm-updates main\ndeb http://deb.debian.org/debian-security bookworm-security main\n' \
    "$MIRROR" "$MIRROR" >"$partial/etc/apt/sources.list"
  cp /etc/resolv.conf "$partial/etc/resolv.conf"
  mount -t proc proc "$partial/proc"
  chroot "$partial" /usr/bin/env DEBIAN_FRONTEND=noninteractive sh -c \
    "apt-get update -qq && apt-get install -y -qq --no-install-recommends ${ROOT_PACKAGES[*]} && apt-get upgrade -y -qq" \
    >>"$CACHE/debootstrap.log" 2>&1 || {
    umount "$partial/proc"
    fatal "installing packages in the root failed: $CACHE/debootstrap.log"
  }
  umount "$partial/proc"
  # The database server the PostgreSQL part starts on its own port (the host network is shared).
  chroot "$partial" systemctl disable --quiet postgresql >>"$CACHE/debootstrap.log" 2>&1
  rm -f "$partial/etc/resolv.conf"
  mv "$partial" "$ROOT_CACHE"
}

mkdir -p "$CACHE" "$NPM_CACHE"
if [[ ! -x $ROOT_CACHE/usr/sbin/nginx ]] || ! compgen -G "$ROOT_CACHE/usr/lib/postgresql/*/bin/postgres" >/dev/null; then
  rm -rf "$ROOT_CACHE"
  build_root
fi

WORK=$(mktemp -d /var/tmp/tasaciones-deploy-test.XXXXXX)
ROOT=$WORK/root
CONTAINER_PID="" NSPAWN_PID="" PEBBLE_PID="" CHALLTESTSRV_PID="" POLLER_PID="" PASSWORD_WATCH_PID=""
cleanup() {
  local status=$?
  [[ -n $POLLER_PID ]] && kill "$POLLER_PID" 2>/dev/null
  # (Already ended when the run got that far: its kill fails, and the cleanup must go on.)
  [[ -n $PASSWORD_WATCH_PID ]] && { kill "$PASSWORD_WATCH_PID" 2>/dev/null || true; }
  if [[ -n $NSPAWN_PID ]] && kill -0 "$NSPAWN_PID" 2>/dev/null; then
    # SIGTERM asks systemd-nspawn for an orderly shutdown of the container.
    kill -TERM "$NSPAWN_PID" 2>/dev/null
    for _ in $(seq 1 60); do
      kill -0 "$NSPAWN_PID" 2>/dev/null || break
      sleep 0.5
    done
    kill -KILL "$NSPAWN_PID" 2>/dev/null || true
    wait "$NSPAWN_PID" 2>/dev/null || true
  fi
  for pid in $PEBBLE_PID $CHALLTESTSRV_PID; do kill "$pid" 2>/dev/null || true; done
  for pid in $PEBBLE_PID $CHALLTESTSRV_PID; do wait "$pid" 2>/dev/null || true; done
  mountpoint -q "$ROOT" && umount "$ROOT"
  rm -rf "$WORK"
  log "container and pebble stopped"
  echo
  echo "$passed passed, $failed failed"
  ((failed == 0 && status == 0)) || exit 1
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# A fresh server each run: the cached root as the lower layer of an overlay.
mkdir -p "$WORK/upper" "$WORK/overlay-work" "$ROOT"
mount -t overlay overlay -o "lowerdir=$ROOT_CACHE,upperdir=$WORK/upper,workdir=$WORK/overlay-work" "$ROOT"

log "pebble on 127.0.0.1:$PEBBLE_PORT"
PEBBLE_DIR=$WORK/pebble
mkdir -p "$PEBBLE_DIR"
(
  cd "$PEBBLE_DIR"
  openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=pebble HTTPS CA" -keyout ca.key -out ca.pem
  openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" -keyout pebble.key -out pebble.csr
  printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\n' >san.ext
  openssl x509 -req -in pebble.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 -extfile san.ext -out pebble.pem
) >/dev/null 2>&1
cat >"$PEBBLE_DIR/pebble.json" <<JSON
{ "pebble": { "listenAddress": "127.0.0.1:$PEBBLE_PORT", "managementListenAddress": "127.0.0.1:$PEBBLE_MANAGEMENT_PORT",
  "certificate": "$PEBBLE_DIR/pebble.pem", "privateKey": "$PEBBLE_DIR/pebble.key",
  "httpPort": 80, "tlsPort": 443, "ocspResponderURL": "", "externalAccountBindingRequired": false } }
JSON
pebble-challtestsrv -defaultIPv4 127.0.0.1 -defaultIPv6 "" -dns01 "$CHALLTESTSRV_DNS" -management "$CHALLTESTSRV_MANAGEMENT" \
  -http01 "" -https01 "" -tlsalpn01 "" >"$WORK/challtestsrv.log" 2>&1 &
CHALLTESTSRV_PID=$!
PEBBLE_VA_NOSLEEP=1 PEBBLE_WFE_NONCEREJECT=0 pebble -config "$PEBBLE_DIR/pebble.json" -dnsserver "$CHALLTESTSRV_DNS" \
  >"$WORK/pebble.log" 2>&1 &
PEBBLE_PID=$!
for _ in $(seq 1 40); do
  curl -fsS --cacert "$PEBBLE_DIR/ca.pem" -o "$PEBBLE_DIR/root.pem" "https://127.0.0.1:$PEBBLE_MANAGEMENT_PORT/roots/0" 2>/dev/null && break
  sleep 0.5
done
[[ -s $PEBBLE_DIR/root.pem ]] || fatal "pebble did not start: $(cat "$WORK/pebble.log")"

log "the commit under test, cloned into the server"
COMMIT=$(git -C "$REPOSITORY" rev-parse HEAD)
git clone --quiet --no-local "$REPOSITORY" "$ROOT/root/tasaciones"
git -C "$ROOT/root/tasaciones" checkout --quiet "$COMMIT"
# A later release, built once and reused (each build costs minutes): its migration adds a table of
# its own, and /run/tasaciones-prueba (written by this test) makes it fail as each case needs:
# «no-arranca» exits at once, «migra-y-muere» answers and dies 8 s later, «muere-tras-el-cambio»
# passes as the candidate and dies 8 s after taking the service's port. Absent: a good release.
(
  cd "$ROOT/root/tasaciones"
  git checkout --quiet -b version-de-prueba "$COMMIT"
  sed -i '/^const migrations = (kind: DatabaseKind): Record<string, Migration> => ({$/a\
  "9000-prueba-de-version": {\
    async up(db: Kysely<unknown>) {\
      await db.schema.createTable("prueba_de_version").ifNotExists().addColumn("id", "integer").execute();\
    },\
  },' server/storage/migrations.ts
  grep -q 9000-prueba-de-version server/storage/migrations.ts
  cat - server/serve.ts >server/serve.ts.new <<TS
import { readFileSync as readTestMode } from "node:fs";
const testMode = (() => {
  try {
    return readTestMode("/run/tasaciones-prueba", "utf8").trim();
  } catch {
    return "";
  }
})();
if (testMode === "no-arranca") process.exit(3);
if (testMode === "migra-y-muere" || (testMode === "muere-tras-el-cambio" && process.env.PORT === "$SERVICE_PORT"))
  setTimeout(() => process.exit(3), 8000);
TS
  mv server/serve.ts.new server/serve.ts
  git -c user.name=Prueba -c user.email=prueba@tasaciones.test commit --quiet -am "Una versión posterior, de prueba"
  git checkout --quiet "$COMMIT"
)
cp "$PEBBLE_DIR/ca.pem" "$ROOT/root/pebble-https-ca.pem"
# Pebble's issuing root in the server's trust store, as Let's Encrypt's is on a real server.
cp "$PEBBLE_DIR/root.pem" "$ROOT/usr/local/share/ca-certificates/pebble-root.crt"
# And whatever this machine trusts for its own way out (a proxy's CA), so the server reaches the
# same package registries.
cp /usr/local/share/ca-certificates/*.crt "$ROOT/usr/local/share/ca-certificates/" 2>/dev/null || true
chroot "$ROOT" update-ca-certificates >/dev/null 2>&1
printf '127.0.0.1 localhost\n127.0.0.1 %s\n' "$DOMAIN" >"$ROOT/etc/hosts"
echo servidor-de-prueba >"$ROOT/etc/hostname"

log "booting the container"
mkdir -p "$ROOT/var/cache/tasaciones/npm"
systemd-nspawn --quiet --register=no --keep-unit -b -D "$ROOT" --console=passive \
  --bind="$NPM_CACHE:/var/cache/tasaciones/npm" >"$WORK/container.log" 2>&1 </dev/null &
NSPAWN_PID=$!
for _ in $(seq 1 60); do
  # Its init (not the short-lived helper nspawn forks first).
  CONTAINER_PID=$(pgrep -P "$NSPAWN_PID" -x systemd | head -n 1 || true)
  [[ -n $CONTAINER_PID ]] && break
  sleep 0.5
done
[[ -n $CONTAINER_PID ]] || fatal "the container did not start: $(cat "$WORK/container.log")"
# Runs a command inside the container, as root, with a clean environment.
inside() {
  nsenter --target "$CONTAINER_PID" --mount --uts --ipc --net --pid -- \
    env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"
}
state=""
for _ in $(seq 1 120); do
  state=$(inside systemctl is-system-running 2>/dev/null || true)
  [[ $state == running || $state == degraded ]] && break
  sleep 0.5
done
[[ $state == running || $state == degraded ]] || fatal "systemd in the container did not finish booting ($state)"
ok "container booted ($state)"

# From this machine, as a visitor would (the domain is 127.0.0.1 here too; pebble's root trusted).
visit() { curl -sS --max-time 10 --resolve "$DOMAIN:443:127.0.0.1" --resolve "$DOMAIN:80:127.0.0.1" --cacert "$PEBBLE_DIR/root.pem" "$@"; }
lead_count() { inside sqlite3 /var/lib/tasaciones/leads.sqlite "select count(*) from leads" 2>/dev/null || echo "?"; }
install_site() {
  inside bash -c "cd /root/tasaciones && printf '%s\n' '$OWNER_PASSWORD' | deploy/install.sh --domain $DOMAIN \
    --owner-email $OWNER_EMAIL --port $SERVICE_PORT --acme-server https://127.0.0.1:$PEBBLE_PORT/dir \
    --acme-ca /root/pebble-https-ca.pem $*"
}
# The owner's backup key, made as the guide says (the private half stays here, off the server).
BACKUP_RECIPIENT=$(cd "$REPOSITORY" && npm run --silent backup:keygen 2>&1 >/dev/null |
  sed -n 's/.*: \(age1[a-z0-9]*\)$/\1/p')
[[ $BACKUP_RECIPIENT == age1* ]] || fatal "could not make a backup key"
BACKUPS="--backup-url file:///var/backups/tasaciones --backup-recipient $BACKUP_RECIPIENT"

log "install"
install_started=$SECONDS
install_site >"$WORK/install.log" 2>&1 || {
  cat "$WORK/install.log"
  fatal "install failed"
}
ok "install finished in $((SECONDS - install_started)) s"
sed -n '/El sitio está en/,$p' "$WORK/install.log"

home_headers=$(visit -o /dev/null -D - "https://$DOMAIN/")
check "https://$DOMAIN/ answers 200 with pebble's certificate" grep -q '^HTTP/[0-9.]* 200' <<<"$home_headers"
issuer=$(openssl s_client -connect 127.0.0.1:443 -servername "$DOMAIN" </dev/null 2>/dev/null | openssl x509 -noout -issuer)
check "the certificate comes from pebble ($issuer)" grep -qi pebble <<<"$issuer"
check "HSTS on the page" grep -qi '^strict-transport-security: max-age=' <<<"$home_headers"
redirect_headers=$(visit -o /dev/null -D - "http://$DOMAIN/tasaciones?x=1")
check "HTTP answers 301 to HTTPS" grep -qi "^location: https://$DOMAIN/tasaciones?x=1" <<<"$redirect_headers"
check "the 301 is a 301" grep -q '^HTTP/[0-9.]* 301' <<<"$redirect_headers"
check "HSTS on the redirect" grep -qi '^strict-transport-security: max-age=' <<<"$redirect_headers"
canonical=$(visit "https://$DOMAIN/tasaciones" | grep -o '<link rel="canonical" href="[^"]*"' || true)
check "the pages name the domain (SITE_URL): $canonical" grep -q "https://$DOMAIN/tasaciones" <<<"$canonical"
check "configuration and data are private" \
  test "$(inside stat -c '%a %U' /etc/tasaciones/tasaciones.env /var/lib/tasaciones /var/lib/tasaciones/leads.sqlite | tr '\n' ' ')" \
  = "600 root 700 tasaciones 600 tasaciones "

release_now=$(inside readlink -f /opt/tasaciones/current)
check "the release is root's and nobody else may write it" \
  test "$(inside find "$release_now" \( ! -user root -o -perm /022 \) ! -type l -print -quit)" = ""
service_user_cannot_write() { ! inside runuser -u tasaciones -- touch "$1" 2>/dev/null; }
check "the service's user cannot write its own code" service_user_cannot_write "$release_now/server/serve.ts"
log "modes and owners on the installed server:"
inside stat -c '  %A %U:%G %n' /opt/tasaciones /opt/tasaciones/releases "$release_now" "$release_now/server/serve.ts" \
  "$release_now/node_modules" /etc/tasaciones /etc/tasaciones/tasaciones.env /var/lib/tasaciones \
  /var/lib/tasaciones/leads.sqlite /var/cache/tasaciones/npm /etc/systemd/system/tasaciones.service
other_host=$(curl -s --max-time 10 -o /dev/null -w '%{http_code}' -H 'Host: otro.example' http://127.0.0.1/ || true)
check "an unknown Host gets the connection closed, no site (status $other_host)" test "$other_host" = 000
check "an unknown name in the TLS handshake is refused" \
  bash -c "! openssl s_client -connect 127.0.0.1:443 -servername otro.example </dev/null >/dev/null 2>&1"
check "a CBC suite is refused (Mozilla intermediate)" \
  bash -c "! openssl s_client -connect 127.0.0.1:443 -servername $DOMAIN -tls1_2 -cipher 'ECDHE+AES:!AESGCM:!CHACHA20' </dev/null >/dev/null 2>&1"
check "TLS 1.2 with an ECDHE AEAD suite is accepted" \
  bash -c "openssl s_client -connect 127.0.0.1:443 -servername $DOMAIN -tls1_2 -cipher 'ECDHE+AESGCM' </dev/null 2>/dev/null | grep -q 'Cipher is ECDHE-[A-Z]*-AES[0-9]*-GCM'"
check "no TLS session tickets" \
  bash -c "! openssl s_client -connect 127.0.0.1:443 -servername $DOMAIN -tls1_2 </dev/null 2>/dev/null | grep -q 'TLS session ticket:'"

sign_in() {
  visit -o /dev/null -D - -X POST "https://$DOMAIN/bandeja/ingresar" -H "Origin: https://$DOMAIN" \
    --data-urlencode "email=$OWNER_EMAIL" --data-urlencode "password=$1"
}
check "the owner signs in with the installer's password" grep -qi '^set-cookie: __Host-bandeja' <<<"$(sign_in "$OWNER_PASSWORD")"
check "a wrong password is refused (401)" grep -q '^HTTP/[0-9.]* 401' <<<"$(sign_in "otra contraseña cualquiera")"

send_lead() {
  visit -o /dev/null -w '%{http_code}' -X POST "https://$DOMAIN/api/form/submit/express" -H "Origin: https://$DOMAIN" \
    -H 'Accept: application/json' --data-urlencode tipoPropiedad=Departamento --data-urlencode "direccion=$1" \
    --data-urlencode superficie=80 --data-urlencode "ambientes=3 ambientes" --data-urlencode "nombre=Cliente de prueba" \
    --data-urlencode "telefono=11 5555 0000" --data-urlencode email=cliente@tasaciones.test
}
check "a lead is accepted" test "$(send_lead 'Juana Manso 1000, antes de todo')" = 201
check "the lead is stored" test "$(inside sqlite3 /var/lib/tasaciones/leads.sqlite "select count(*) from leads where answers like '%Juana Manso 1000%'" 2>/dev/null)" = 1

# The owner's day in Chromium (tests/deploy/owner-day.ts), on the project's Node: each numbered step
# it prints is one check here, and a walk that ends any other way fails too.
owner_day() {
  local part=$1 visitor=$2 line ended=""
  while IFS= read -r line; do
    case $line in
      "ok "*) ok "the owner's day ${line#ok }" ;;
      "FALLA "*) not_ok "the owner's day ${line#FALLA }" ;;
      "salida "*) ended=${line#salida } ;;
      *) log "$line" ;;
    esac
  done < <(cd "$REPOSITORY" && OWNER_DAY_PASSWORD=$OWNER_PASSWORD node_modules/.bin/node tests/deploy/owner-day.ts "$part" \
    --domain "$DOMAIN" --root-ca "$PEBBLE_DIR/root.pem" --email "$OWNER_EMAIL" --code "$FIRST_SIGN_IN_CODE" \
    --whatsapp "$OWNER_DAY_WHATSAPP" --business "$OWNER_DAY_BUSINESS" --tower "$OWNER_DAY_TOWER" \
    --tower-slug "$OWNER_DAY_TOWER_SLUG" --photo-alt "$OWNER_DAY_PHOTO_ALT" --visitor "$visitor" \
    --state "$WORK/owner-day.json" --shots "$OWNER_DAY_SHOTS" 2>&1 && echo "salida 0" || echo "salida $?")
  check "the owner's day «$part» ran to its end (exit $ended)" test "$ended" = 0
}
# What the owner published, as a visitor's curl gets it: her number in every WhatsApp link, her
# studio's name, the new tower's page in both languages and its photo.
publication_served() {
  local home tower photo digits=${OWNER_DAY_WHATSAPP//[^0-9]/}
  home=$(visit -w '\n%{http_code}' "https://$DOMAIN/") || return 1
  [[ $(tail -n 1 <<<"$home") == 200 ]] || return 1
  grep -qF "https://wa.me/$digits?text=" <<<"$home" || return 1
  [[ -z $(grep -o 'https://wa.me/[0-9]*' <<<"$home" | grep -vx "https://wa.me/$digits") ]] || return 1
  grep -qF "$OWNER_DAY_BUSINESS" <<<"$home" || return 1
  tower=$(visit -w '\n%{http_code}' "https://$DOMAIN/torres/$OWNER_DAY_TOWER_SLUG") || return 1
  [[ $(tail -n 1 <<<"$tower") == 200 ]] && grep -qF "$OWNER_DAY_TOWER" <<<"$tower" || return 1
  [[ $(visit -o /dev/null -w '%{http_code}' "https://$DOMAIN/en/towers/$OWNER_DAY_TOWER_SLUG") == 200 ]] || return 1
  photo=$(grep -o "/generated/towers/$OWNER_DAY_TOWER_SLUG-[0-9a-f]*-800\.jpg" <<<"$tower" | head -n 1)
  [[ -n $photo && $(visit -o /dev/null -w '%{http_code} %{content_type}' "https://$DOMAIN$photo") == "200 image/jpeg" ]]
}
publication_not_served() { ! publication_served; }
# The leads the named visitor sent from the new tower's page, as the server stored them.
tower_leads() {
  inside sqlite3 /var/lib/tasaciones/leads.sqlite \
    "select count(*) from leads where contact_name = '$1' and answers like '%$OWNER_DAY_TOWER%'" 2>/dev/null || echo "?"
}
confirmed_visits() {
  inside sqlite3 /var/lib/tasaciones/leads.sqlite "select count(*) from inspection_visits where state = 'confirmed'" 2>/dev/null || echo "?"
}
wait_for_service() {
  for _ in $(seq 1 60); do
    inside curl -fs -o /dev/null "http://127.0.0.1:$SERVICE_PORT/api/health" && return 0
    sleep 0.5
  done
  return 1
}

log "the owner's day in Chromium at 390 px (screenshots in $OWNER_DAY_SHOTS)"
FIRST_SIGN_IN_CODE=$(sed -n 's/^Código de primer ingreso: \([A-Z0-9-]*\)$/\1/p' "$WORK/install.log" | tail -n 1)
check "the installer printed the first sign-in code" test -n "$FIRST_SIGN_IN_CODE"
rm -rf "$OWNER_DAY_SHOTS"
# The check that follows every later step can fail: the installation's pages do not pass it.
check "the owner's day 0. before it, the served pages do not carry her facts" publication_not_served
owner_day_started=$SECONDS
owner_day dia "${OWNER_DAY_VISITORS[0]}"
check "the owner's day 3. the tower's lead is stored in the server's database" test "$(tower_leads "${OWNER_DAY_VISITORS[0]}")" = 1
check "the owner's day 3v. the visit the client picked is stored, confirmed, in the server's database" test "$(confirmed_visits)" = 1
restart_started=$SECONDS
inside systemctl restart tasaciones.service
wait_for_service && restarted=true || restarted=false
check "the owner's day 6. after systemctl restart tasaciones the service answers ($((SECONDS - restart_started)) s)" test "$restarted" = true
check "the owner's day 6. after the restart the publication is still served" publication_served
log "the owner's day, steps 1 to 6: $((SECONDS - owner_day_started)) s"
leads_before=$(lead_count)

log "SIGKILL of the service"
pid_before=$(inside systemctl show -P MainPID tasaciones.service)
inside systemctl kill --signal=KILL tasaciones.service
back=false
for _ in $(seq 1 60); do
  pid_now=$(inside systemctl show -P MainPID tasaciones.service)
  if [[ $pid_now != 0 && $pid_now != "$pid_before" ]] && inside curl -fs -o /dev/null "http://127.0.0.1:$SERVICE_PORT/api/health"; then
    back=true
    break
  fi
  sleep 0.5
done
check "systemd brought the service back after SIGKILL" test "$back" = true

log "second install"
install_site "$BACKUPS" >"$WORK/install-2.log" 2>&1 || cat "$WORK/install-2.log"
check "the first install says nothing leaves the server yet" grep -q 'Todavía no sale ninguna copia' "$WORK/install.log"
check "a second install, with backups, builds no release" grep -q 'Sin cambios' "$WORK/install-2.log"
check "a second install keeps the leads ($leads_before)" test "$(lead_count)" = "$leads_before"
check "backups go to the mounted disk" grep -q 'Las copias salen cifradas a file:///var/backups/tasaciones' "$WORK/install-2.log"
pid_before=$(inside systemctl show -P MainPID tasaciones.service)
install_site "$BACKUPS" >"$WORK/install-3.log" 2>&1 || cat "$WORK/install-3.log"
check "a third install with the same arguments restarts nothing" \
  test "$(inside systemctl show -P MainPID tasaciones.service)" = "$pid_before"
check "a third install keeps the leads" test "$(lead_count)" = "$leads_before"
check "the owner's day 7. after the second and third installs the publication is still served" publication_served

# Polls / every half second from this machine while an update runs; one status per line.
start_polling() {
  : >"$WORK/poll-$1.log"
  (while true; do
    visit -o /dev/null -w '%{http_code}\n' "https://$DOMAIN/" >>"$WORK/poll-$1.log" 2>/dev/null || echo 000 >>"$WORK/poll-$1.log"
    sleep 0.5
  done) &
  POLLER_PID=$!
}
stop_polling() {
  kill "$POLLER_PID" 2>/dev/null || true
  wait "$POLLER_PID" 2>/dev/null || true
  POLLER_PID=""
  local total bad
  total=$(wc -l <"$WORK/poll-$1.log")
  bad=$(grep -cv '^200$' "$WORK/poll-$1.log" || true)
  check "/ answered 200 to all $total polls during $1 (not 200: $bad)" test "$bad" = 0 -a "$total" -gt 0
}
current_release() { inside readlink -f /opt/tasaciones/current; }

log "an install from before nginx's secret (decision 0040): no secret, loopback listed as a proxy"
inside bash -c "sed -i '/^LEADS_PROXY_SECRET=/d' /etc/tasaciones/tasaciones.env &&
  printf 'LEADS_TRUSTED_PROXIES=127.0.0.1\n' >>/etc/tasaciones/tasaciones.env &&
  sed -i '/X-Proxy-Secret/d' /etc/nginx/sites-available/tasaciones.conf && nginx -t -q && systemctl reload nginx &&
  systemctl restart tasaciones.service"
wait_for_service || true
check "an old install's nginx sends no secret" test "$(inside grep -c X-Proxy-Secret /etc/nginx/sites-available/tasaciones.conf)" = 0

log "update to a later version (it migrates the database)"
release_before=$(current_release)
start_polling "the update"
update_started=$SECONDS
(send_lead 'Juana Manso 1001, durante la actualización' >"$WORK/lead-during-update.txt") &
lead_pid=$!
inside bash -c "cd /root/tasaciones && deploy/update.sh --to version-de-prueba" >"$WORK/update.log" 2>&1 &&
  update_status=0 || update_status=$?
update_seconds=$((SECONDS - update_started))
wait "$lead_pid"
stop_polling "the update"
[[ $update_status == 0 ]] || cat "$WORK/update.log"
check "update to a later version succeeds ($update_seconds s)" test "$update_status" = 0
check "a new release is current" test "$(current_release)" != "$release_before"
check "the lead sent during the update was accepted" test "$(cat "$WORK/lead-during-update.txt")" = 201
check "no lead lost in the update" test "$(lead_count)" = $((leads_before + 1))
check "the owner's day 7. after the update the publication is still served" publication_served
proxy_secret=$(inside sed -n 's/^LEADS_PROXY_SECRET=//p' /etc/tasaciones/tasaciones.env)
check "the update gave the old install a proxy secret" grep -q 'nginx envía su secreto' "$WORK/update.log"
check "the secret is in the environment file (${#proxy_secret} characters)" test "${#proxy_secret}" = 64
check "nginx sends that secret" inside grep -q "X-Proxy-Secret \"$proxy_secret\"" /etc/nginx/sites-available/tasaciones.conf
check "loopback is no longer listed as a proxy" test "$(inside grep -c '^LEADS_TRUSTED_PROXIES=127.0.0.1$' /etc/tasaciones/tasaciones.env)" = 0
check "nginx's site stays root's alone" test "$(inside stat -c '%U %a' /etc/nginx/sites-available/tasaciones.conf)" = "root 600"

# After a failure: the state it left, a restart, and a lead sent and found. One line of the
# failure-point table per case: step | what update.sh said last | state after the restart | leads.
restart_and_send_lead() {
  local label=$1 log_file=$2 leads_at_start=$3 said state
  said=$(grep -v -e '^\s*$' -e ' Killed ' "$log_file" | tail -n 1 | cut -c1-160)
  inside systemctl restart tasaciones.service
  local serving=false
  for _ in $(seq 1 60); do
    if inside curl -fs -o /dev/null "http://127.0.0.1:$SERVICE_PORT/api/health"; then
      serving=true
      break
    fi
    sleep 0.5
  done
  check "$label: after a restart the service serves" test "$serving" = true
  check "$label: no candidate left running" bash -c "! nsenter --target $CONTAINER_PID --mount --pid -- systemctl is-active --quiet tasaciones-candidate.service"
  check "$label: a lead after the restart is accepted" test "$(send_lead "Juana Manso 2000, $label")" = 201
  check "$label: the lead is stored" test "$(inside sqlite3 /var/lib/tasaciones/leads.sqlite "select count(*) from leads where answers like '%$label%'" 2>/dev/null)" = 1
  state="$(basename "$(current_release)"), $(inside systemctl is-active tasaciones.service), reinicios $(inside systemctl show -P NRestarts tasaciones.service)"
  check "$label: no lead lost ($leads_at_start before)" test "$(lead_count)" = $((leads_at_start + 1))
  check "the owner's day 7. $label: the publication is still served" publication_served
  printf 'TABLA | %s | %s | %s | %s → %s\n' "$label" "$said" "$state" "$leads_at_start" "$(lead_count)" >>"$WORK/table.txt"
}
# An update that is expected to fail and go back by itself.
failing_update() {
  local label=$1 mode=$2 log_file=$WORK/update-$2.log leads_at_start release_before status
  log "update to the later version, $mode ($label)"
  leads_at_start=$(lead_count)
  release_before=$(current_release)
  inside sh -c "echo $mode >/run/tasaciones-prueba && chmod 644 /run/tasaciones-prueba"
  start_polling "$label"
  inside bash -c "cd /root/tasaciones && deploy/update.sh --to version-de-prueba" >"$log_file" 2>&1 && status=0 || status=$?
  stop_polling "$label"
  inside rm -f /run/tasaciones-prueba
  tail -n 3 "$log_file"
  check "$label: update.sh exits non-zero" test "$status" != 0
  check "$label: it reused the kept build" grep -q 'Se usa la versión guardada' "$log_file"
  check "$label: it says in Spanish that it went back" grep -q 'Se volvió a la versión anterior' "$log_file"
  check "$label: the previous release is current" test "$(current_release)" = "$release_before"
  restart_and_send_lead "$label" "$log_file" "$leads_at_start"
}
# update.sh killed with kill -9 at a named step (its test hook), then the guard undoes it.
killed_update() {
  local step=$1 ref=$2 log_file=$WORK/update-killed-$1.log leads_at_start release_before status undone=false
  log "update.sh killed with kill -9 at «$step»"
  leads_at_start=$(lead_count)
  release_before=$(current_release)
  inside bash -c "cd /root/tasaciones && TASACIONES_UPDATE_KILL_AT=$step deploy/update.sh --to $ref" >"$log_file" 2>&1 &&
    status=0 || status=$?
  check "kill -9 at «$step»: update.sh died (status $status)" test "$status" = 137
  for _ in $(seq 1 120); do
    if ! inside test -e /opt/tasaciones/actualizacion-en-curso && ! inside systemctl is-active --quiet tasaciones-update-guard.service; then
      undone=true
      break
    fi
    sleep 0.5
  done
  check "kill -9 at «$step»: the guard undid the update" test "$undone" = true
  inside journalctl -q -u tasaciones-update-guard.service --since "-2min" | tail -n 2 | sed 's/^/    guardia: /'
  check "kill -9 at «$step»: the previous release is current" test "$(current_release)" = "$release_before"
  restart_and_send_lead "kill -9 en $step" "$log_file" "$leads_at_start"
}

log "update back to the kept release (reused once checked against its commit)"
update_started=$SECONDS
inside bash -c "cd /root/tasaciones && deploy/update.sh --to $COMMIT" >"$WORK/update-back.log" 2>&1 && back_status=0 || back_status=$?
[[ $back_status == 0 ]] || cat "$WORK/update-back.log"
check "going back to the kept release succeeds ($((SECONDS - update_started)) s)" test "$back_status" = 0
check "the earlier release serves on the database its successor migrated" \
  test "$(inside sqlite3 /var/lib/tasaciones/leads.sqlite "select count(*) from kysely_migration where name = '9000-prueba-de-version'")" = 1
check "and stores leads in it" test "$(send_lead 'Juana Manso 1003, de vuelta')" = 201
check "it reused the kept release" grep -q 'Se usa la versión guardada' "$WORK/update-back.log"
check "it watched the release before «Actualizado»" grep -q 'sin reiniciarse' "$WORK/update-back.log"
check "the owner's day 7. back on the kept release the publication is still served" publication_served

log "two updates at once"
inside bash -c "cd /root/tasaciones && deploy/update.sh --to version-de-prueba" >"$WORK/update-first.log" 2>&1 &
first_pid=$!
for _ in $(seq 1 60); do
  inside test -e /opt/tasaciones/actualizacion-en-curso && break
  sleep 0.5
done
inside bash -c "cd /root/tasaciones && deploy/update.sh --to $COMMIT" >"$WORK/update-second.log" 2>&1 && second_status=0 || second_status=$?
wait "$first_pid" && first_status=0 || first_status=$?
check "the second update waited, saying so" grep -q 'Hay otra actualización en curso: espero a que termine' "$WORK/update-second.log"
check "both updates succeeded, one after the other ($first_status, $second_status)" test "$first_status$second_status" = 00
check "the owner's day 7. after two updates at once the publication is still served" publication_served

failing_update "una versión que no arranca" no-arranca
failing_update "una versión que migra la base y se cae" migra-y-muere
failing_update "una versión que se cae después del cambio" muere-tras-el-cambio
for step in candidata cambio vigilancia; do killed_update "$step" version-de-prueba; done

log "the owner's day after every update, in Chromium"
owner_day cierre "${OWNER_DAY_VISITORS[1]}"
check "the owner's day 7. the lead from the tower's page after the updates is stored" test "$(tower_leads "${OWNER_DAY_VISITORS[1]}")" = 1
check "the owner's day 7. the confirmed visit is still stored after every update" test "$(confirmed_visits)" = 1

log "doctor"
# With the lists as fresh as the doctor's own (it runs apt-get update): a security update published
# since the install would otherwise make a healthy server red.
inside sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get upgrade -y -qq' >/dev/null 2>&1 || true
inside bash -c "cd /root/tasaciones && deploy/doctor.sh" >"$WORK/doctor.log" 2>&1 && doctor_status=0 || doctor_status=$?
cat "$WORK/doctor.log"
check "the doctor is green on a healthy server" test "$doctor_status" = 0
check "the doctor's dry build, as the service inside its sandbox, publishes" grep -q 'Publicar funciona' "$WORK/doctor.log"
check "the doctor's findings are JSON the inbox reads" \
  inside jq -e '.problems | length == 0' /var/lib/tasaciones/doctor.json
inside systemctl stop tasaciones.service
inside bash -c "cd /root/tasaciones && deploy/doctor.sh" >"$WORK/doctor-red.log" 2>&1 && doctor_status=0 || doctor_status=$?
cat "$WORK/doctor-red.log"
check "the doctor is red with the service stopped" test "$doctor_status" != 0
check "it names the stopped service in Spanish" grep -q 'El servicio tasaciones.service está detenido' "$WORK/doctor-red.log"
check "and blames nothing else" test "$(grep -c '^✖' "$WORK/doctor-red.log")" = 1
inside systemctl start tasaciones.service

log "renewal"
check "certbot's renewal timer is active" inside systemctl is-active --quiet certbot.timer
check "renewal dry run against pebble" inside env REQUESTS_CA_BUNDLE=/etc/tasaciones/acme-ca.pem certbot renew --dry-run --quiet --no-random-sleep-on-renew \
  --server "https://127.0.0.1:$PEBBLE_PORT/dir"
for unit in tasaciones.service tasaciones-candidate.service; do
  exposure=$(inside systemd-analyze security "$unit" 2>/dev/null | sed -n "s/.*Overall exposure level for $unit: \([0-9.]*\).*/\1/p")
  log "systemd-analyze security $unit: $exposure"
  check "$unit's exposure is at most 2.5 ($exposure)" awk -v e="$exposure" 'BEGIN { exit !(e != "" && e <= 2.5) }'
done
# The same server on PostgreSQL, as an install with --database-file sets it up: a database server
# on this machine, a password with characters a URL must escape, the owner created in it. The
# password ends in a word of this run alone, so finding it anywhere is finding the password (this
# script, copied into every release, holds only its start).
log "PostgreSQL (install.sh --database-file)"
PG_PORT=15432
PG_WORD=$(openssl rand -hex 8)
pg() { inside runuser -u postgres -- psql -p "$PG_PORT" -d tasaciones -tAq -v ON_ERROR_STOP=1 "$@"; }
pg_leads() { pg -c "select count(*) from leads where answers like '%$1%'" 2>/dev/null || echo "?"; }
inside bash -c "sed -i 's/^#\?port = .*/port = $PG_PORT/' /etc/postgresql/*/main/postgresql.conf && systemctl start postgresql"
inside bash -c "printf '%s\n' \"create role tasaciones login password 'clave: con @, / y % $PG_WORD'\" |
  runuser -u postgres -- psql -p $PG_PORT -q -v ON_ERROR_STOP=1 && runuser -u postgres -- createdb -p $PG_PORT -O tasaciones tasaciones"
inside bash -c "install -m 600 /dev/null /root/base.url &&
  printf 'postgres://tasaciones:clave%%3A%%20con%%20%%40%%2C%%20%%2F%%20y%%20%%25%%20$PG_WORD@127.0.0.1:$PG_PORT/tasaciones\n' >/root/base.url &&
  rm -f /etc/tasaciones/titular-creado"
# Every process's command line in the server, read five times a second while the installer and
# the update run: each look prints the program of every command line that holds the password's
# word (none: an empty look). The word is put together in the server, never whole on this line.
(while :; do
  # shellcheck disable=SC2016 # expanded by the server's shell
  inside bash -c 'word=$1; word+=$2
    for file in /proc/[0-9]*/cmdline; do
      mapfile -d "" words 2>/dev/null <"$file" || continue
      line="${words[*]}"
      [[ $line == *"$word"* ]] && printf "%s " "${line%% *}"
    done; echo' watch "${PG_WORD:0:8}" "${PG_WORD:8}"
  sleep 0.2
done >"$WORK/password-on-command-lines.txt") &
PASSWORD_WATCH_PID=$!
pg_started=$SECONDS
install_site --database-file /root/base.url >"$WORK/install-postgres.log" 2>&1 && pg_status=0 || pg_status=$?
[[ $pg_status == 0 ]] || cat "$WORK/install-postgres.log"
check "an install with --database-file moves the service to PostgreSQL ($((SECONDS - pg_started)) s)" test "$pg_status" = 0
check "the service says it stores in PostgreSQL" bash -c "nsenter --target $CONTAINER_PID --mount --pid -- journalctl -u tasaciones.service -n 40 --no-pager | grep -q 'Leads: PostgreSQL'"
check "the installer created the owner in it" test "$(pg -c 'select count(*) from inbox_owner')" = 1
check "the owner signs in against PostgreSQL" grep -qi '^set-cookie: __Host-bandeja' <<<"$(sign_in "$OWNER_PASSWORD")"
check "a lead is accepted on PostgreSQL" test "$(send_lead 'Juana Manso 3000, en PostgreSQL')" = 201
check "the lead is stored in PostgreSQL" test "$(pg_leads 'Juana Manso 3000')" = 1
check "the installer's output never shows the password" bash -c "! grep -qF '$PG_WORD' '$WORK/install-postgres.log'"
pg_update_started=$SECONDS
inside bash -c "cd /root/tasaciones && deploy/update.sh --to version-de-prueba" >"$WORK/update-postgres.log" 2>&1 &&
  pg_status=0 || pg_status=$?
[[ $pg_status == 0 ]] || cat "$WORK/update-postgres.log"
check "an update on PostgreSQL succeeds ($((SECONDS - pg_update_started)) s)" test "$pg_status" = 0
kill "$PASSWORD_WATCH_PID" 2>/dev/null || true
wait "$PASSWORD_WATCH_PID" 2>/dev/null || true
PASSWORD_WATCH_PID=""
programs_with_password=$(tr ' ' '\n' <"$WORK/password-on-command-lines.txt" | sort -u | xargs)
check "the password was on no command line during the install and the update ($(wc -l <"$WORK/password-on-command-lines.txt") looks; found in: ${programs_with_password:-none})" \
  test -z "$programs_with_password"
# grep -l lists what it found among what the service's user may read (its refusals are not findings).
readable_with_password=$(inside runuser -u tasaciones -- grep -rlsF "$PG_WORD" \
  /opt/tasaciones /var/lib/tasaciones /etc /tmp /var/tmp /run /var/log 2>/dev/null || true)
check "the password is in no file the service's user can read (found: ${readable_with_password:-none})" \
  test -z "$readable_with_password"
check "the password is in no journal line" \
  bash -c "! nsenter --target $CONTAINER_PID --mount --pid -- journalctl --no-pager -o cat | grep -qF '$PG_WORD'"
check "its restore point is a pg_dump, root's alone" \
  inside bash -c "f=\$(ls -t /var/backups/tasaciones-puntos-de-restauracion/*.pgdump | head -n 1) && test \"\$(stat -c '%U %a' \"\$f\")\" = 'root 600'"
check "the lead is still in PostgreSQL after the update" test "$(pg_leads 'Juana Manso 3000')" = 1
check "a lead after the update is stored in PostgreSQL" test "$(send_lead 'Juana Manso 3001, en PostgreSQL')" = 201 -a "$(pg_leads 'Juana Manso 3001')" = 1
inside bash -c "cd /root/tasaciones && deploy/doctor.sh" >"$WORK/doctor-postgres.log" 2>&1 && pg_status=0 || pg_status=$?
[[ $pg_status == 0 ]] || cat "$WORK/doctor-postgres.log"
check "the doctor is green on PostgreSQL" test "$pg_status" = 0
log "PostgreSQL part: $((SECONDS - pg_started)) s"

log "failure points (step | what update.sh said last | after the restart | leads):"
cat "$WORK/table.txt" 2>/dev/null || true

exit
}
