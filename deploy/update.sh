#!/usr/bin/env bash
# Updates the site to another version, and goes back by itself if the new one fails:
#   sudo deploy/update.sh --to GIT_REF        (a commit, branch or tag; fetched from origin first)
# Run from the same clone as deploy/install.sh. The version is built as a new release beside the
# running one, a restore point of the database is taken, the new release starts beside the old on
# the next port (its migrations run then, and every migration only adds, so the previous release
# keeps accepting the database) and is watched; then it takes the service's place while nginx sends
# visitors to it, and is watched again before «Actualizado». Any failure: back to the previous
# release, exit 1. Killed at any moment (kill -9 included): a guard unit waiting for the update's
# lock undoes it at once, and so does the next update.sh. Decisions 0027 and 0034.
set -euo pipefail

SOURCE=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=deploy/lib.sh
. "$SOURCE/deploy/lib.sh"
load_deploy_facts "$SOURCE"

# How long a release must keep answering, with no restart, as the candidate and after the switch.
readonly CANDIDATE_WATCH_SECONDS=${TASACIONES_CANDIDATE_WATCH_SECONDS:-10}
readonly SERVICE_WATCH_SECONDS=${TASACIONES_SERVICE_WATCH_SECONDS:-20}

usage="Uso: sudo deploy/update.sh --to VERSIÓN   (un commit, una rama o una etiqueta)"
ref="" mode=update
while (($# > 0)); do
  case $1 in
    --to)
      [[ $# -ge 2 ]] || die "Falta la versión después de --to. $usage"
      ref=$2
      shift 2
      ;;
    # What the guard unit runs once the lock is free: undo an update that did not finish.
    --finish-interrupted)
      mode=finish
      shift
      ;;
    --help | -h)
      say "$usage"
      exit 0
      ;;
    *) die "No conozco la opción $1. $usage" ;;
  esac
done
require_root
[[ -L $CURRENT_LINK && -f $ENV_FILE ]] || die "No hay una instalación en este servidor: ejecutá primero deploy/install.sh."

# A test stands in for kill -9 at a named step (tests/deploy/go-live.sh); unset on a real server.
test_hook() {
  if [[ ${TASACIONES_UPDATE_KILL_AT:-} == "$1" ]]; then
    say "(prueba: update.sh muere con kill -9 en el paso «$1»)"
    kill -KILL $$
  fi
}

# The state of an update under way, one KEY=VALUE a line, in root's folder; replaced in one rename.
save_state() {
  local temporary
  temporary=$(mktemp "$APP_DIR/.actualizacion.XXXXXX")
  printf 'previous=%s\nrelease=%s\nstep=%s\n' "$previous" "${release:-}" "$1" >"$temporary"
  mv -T "$temporary" "$UPDATE_STATE"
}
state_value() { sed -n "s/^$1=//p" "$UPDATE_STATE" | tail -n 1; }

# Undoes an update that was killed or failed half-way: no candidate left, the previous release
# current and serving. Safe to run twice, and at any step (each part checks before it acts).
undo_update() {
  local previous_release step port
  [[ -f $UPDATE_STATE && ! -L $UPDATE_STATE ]] || return 0
  previous_release=$(state_value previous)
  step=$(state_value step)
  port=$(service_port)
  say "Una actualización quedó a mitad de camino (paso «$step»): se deshace."
  # The service first, the candidate after: while the service restarts, nginx still has the
  # candidate on the next port to send visitors to (stopping it first left 12 s of 502s).
  if [[ -d $previous_release && $(readlink -f "$CURRENT_LINK") != "$previous_release" ]]; then
    point_link "$CURRENT_LINK" "$previous_release"
    systemctl restart "$SERVICE_UNIT" || true
  elif ! healthy "$port"; then
    systemctl restart "$SERVICE_UNIT" || true
  fi
  if wait_started "$SERVICE_UNIT" "$port"; then
    say "Atiende la versión $(basename "$(readlink -f "$CURRENT_LINK")"), como antes de esa actualización."
  else
    say "La versión $(basename "$(readlink -f "$CURRENT_LINK")") no responde: ejecutá deploy/doctor.sh." >&2
  fi
  systemctl stop "$CANDIDATE_UNIT" 2>/dev/null || true
  systemctl reset-failed "$CANDIDATE_UNIT" 2>/dev/null || true
  rm -f "$CANDIDATE_LINK"
  rm -f "$UPDATE_STATE"
}

# One update at a time. The lock is a descriptor: the kernel frees it however update.sh ends.
exec 9>"$UPDATE_LOCK"
if [[ $mode == finish ]]; then
  # The guard: waits for as long as the update it watches runs.
  flock 9
elif ! flock -n 9; then
  say "Hay otra actualización en curso: espero a que termine (hasta 30 minutos)."
  flock -w 1800 9 || die "La otra actualización sigue después de 30 minutos: no se cambió nada. Mirá journalctl -u $UPDATE_GUARD_UNIT."
fi
undo_update
if [[ $mode == finish ]]; then exit 0; fi
[[ -n $ref ]] || die "$usage"

started=$SECONDS
port=$(service_port)
domain=$(config_value SITE_URL)
domain=${domain#https://}
previous=$(readlink -f "$CURRENT_LINK")
release=""

step "Versión $ref"
if git -C "$SOURCE" remote get-url origin >/dev/null 2>&1; then
  git -C "$SOURCE" fetch --quiet --tags origin ||
    say "Aviso: no se pudo traer novedades de $(git -C "$SOURCE" remote get-url origin); uso lo que ya tiene el clon."
fi
commit=$(git -C "$SOURCE" rev-parse --verify --quiet "$ref^{commit}" ||
  git -C "$SOURCE" rev-parse --verify --quiet "origin/$ref^{commit}") ||
  die "No existe la versión $ref en el clon $SOURCE. No se cambió nada."
test_hook version

# Going back by hand to a kept release reuses it, once it is checked against its commit; anything
# else is built anew.
for kept in "$RELEASES_DIR"/*; do
  [[ $kept != *.partial && $kept != "$previous" ]] || continue
  [[ $(cat "$kept/.release-site-url" 2>/dev/null) == "https://$domain" ]] || continue
  [[ $(release_commit "$kept") == "$commit" ]] || continue
  if release_intact "$kept" "$SOURCE" "$commit"; then
    release=$kept
    say "Se usa la versión guardada $(basename "$release"), comprobada contra ${commit:0:12}."
    break
  else
    say "La versión guardada $(basename "$kept") no coincide con ${commit:0:12} o alguien la cambió: no se usa."
  fi
done
if [[ -z $release ]]; then
  save_state construccion
  release=$(build_release "$SOURCE" "$commit") || {
    rm -f "$UPDATE_STATE"
    die "No se pudo construir la versión $ref: revisá el mensaje de arriba. El sitio sigue con la versión anterior, sin cambios."
  }
fi
say "Versión nueva: $(basename "$release")"

# From here on something runs that must be undone if update.sh dies: the guard waits for the lock
# and undoes it (update.sh itself does, on any failure it sees).
save_state punto-de-restauracion
systemctl stop "$UPDATE_GUARD_UNIT" 2>/dev/null || true
systemctl reset-failed "$UPDATE_GUARD_UNIT" 2>/dev/null || true
systemd-run --quiet --collect --unit="$UPDATE_GUARD_UNIT" \
  --description="Tasaciones: deshace una actualización interrumpida" \
  "$SOURCE/deploy/update.sh" --finish-interrupted ||
  die "No se pudo poner en marcha la guardia de la actualización ($UPDATE_GUARD_UNIT). No se cambió nada."

step "Punto de restauración"
restore_point=$(take_restore_point "antes-de-$(basename "$release")") || {
  rm -f "$UPDATE_STATE"
  die "No se pudo hacer la copia de la base antes de actualizar: revisá el espacio en disco (df -h). No se cambió nada."
}
say "${restore_point:-Base todavía vacía: nada que copiar.}"
test_hook punto-de-restauracion

go_back() {
  local reason=$1
  trap - INT TERM HUP
  printf '\n✖ %s\n' "$reason" >&2
  undo_update >&2
  if healthy "$port"; then
    die "La actualización a $ref falló: $reason Se volvió a la versión anterior ($(basename "$previous")), que sigue atendiendo; no se perdió nada. Detalles: journalctl -u $CANDIDATE_UNIT"
  fi
  die "La actualización a $ref falló: $reason Se volvió a la versión anterior ($(basename "$previous")), pero no responde: mirá journalctl -u $SERVICE_UNIT y ejecutá deploy/doctor.sh."
}
trap 'go_back "se interrumpió a mitad de camino."' INT TERM HUP

step "Probando la versión nueva en el puerto $(candidate_port)"
save_state candidata
point_link "$CANDIDATE_LINK" "$release"
systemctl reset-failed "$CANDIDATE_UNIT" 2>/dev/null || true
systemctl restart "$CANDIDATE_UNIT" || go_back "la versión nueva no arrancó."
test_hook candidata
wait_started "$CANDIDATE_UNIT" "$(candidate_port)" || go_back "la versión nueva no arrancó o no respondió."
stays_up "$CANDIDATE_UNIT" "$(candidate_port)" "$CANDIDATE_WATCH_SECONDS" ||
  go_back "la versión nueva respondió y después se detuvo o se reinició."

step "Cambio de versión"
# While the service restarts, nginx sends every request to the new release on the next port.
save_state cambio
point_link "$CURRENT_LINK" "$release"
test_hook cambio
systemctl restart "$SERVICE_UNIT" || go_back "el servicio no arrancó con la versión nueva."
wait_started "$SERVICE_UNIT" "$port" || go_back "el servicio no respondió con la versión nueva."
save_state vigilancia
test_hook vigilancia
if [[ -n $domain ]]; then
  curl -fsS --max-time 10 --resolve "$domain:443:127.0.0.1" -o /dev/null "https://$domain/" ||
    go_back "https://$domain/ no respondió con la versión nueva."
fi
stays_up "$SERVICE_UNIT" "$port" "$SERVICE_WATCH_SECONDS" ||
  go_back "el servicio respondió con la versión nueva y después se detuvo o se reinició."

# A server installed before nginx proved itself with a secret (decision 0040) gets one now that the
# new release is trusted. nginx sends it first (the running service, still believing a listed
# loopback, ignores it); then the service restarts knowing it and stops believing loopback, while
# the candidate still covers the restart. Nobody shares one rate-limit bucket on the way.
if [[ -z $(config_value LEADS_PROXY_SECRET) && -f $NGINX_SITE && -n $domain ]]; then
  step "nginx se identifica ante el servicio"
  set_config_value LEADS_PROXY_SECRET "$(openssl rand -hex 32)"
  write_nginx_site "$domain" "$port" "$([[ -f /etc/letsencrypt/live/$CERT_NAME/fullchain.pem ]] && echo true || echo false)"
  sed -i '/^LEADS_TRUSTED_PROXIES=127\.0\.0\.1$/d' "$ENV_FILE"
  systemctl restart "$SERVICE_UNIT" || go_back "el servicio no arrancó con el secreto de nginx."
  wait_started "$SERVICE_UNIT" "$port" || go_back "el servicio no respondió con el secreto de nginx."
  say "nginx envía su secreto y el servicio ya no cree a otros programas de este servidor."
fi
systemctl stop "$CANDIDATE_UNIT"
rm -f "$CANDIDATE_LINK"
rm -f "$UPDATE_STATE"
trap - INT TERM HUP
test_hook terminada

# Kept: the newest releases (the running one and the one before it among them).
find "$RELEASES_DIR" -mindepth 1 -maxdepth 1 -type d ! -name '*.partial' -printf '%f\n' | sort -r |
  tail -n +$((RELEASES_KEPT + 1)) | while read -r old; do
  [[ $RELEASES_DIR/$old == "$release" || $RELEASES_DIR/$old == "$previous" ]] || rm -rf "${RELEASES_DIR:?}/$old"
done

step "Actualizado en $((SECONDS - started)) s"
say "El sitio usa la versión $(basename "$release") (${commit:0:12}), que atendió $SERVICE_WATCH_SECONDS s sin reiniciarse. La anterior, $(basename "$previous"), queda guardada: sudo deploy/update.sh --to $(release_commit "$previous" | cut -c1-12)"
