#!/usr/bin/env bash
# Updates the site to another version, and goes back by itself if the new one fails:
#   sudo deploy/update.sh --to GIT_REF        (a commit, branch or tag; fetched from origin first)
# Run from the same clone as deploy/install.sh. The version is built as a new release beside the
# running one, a restore point of the database is taken, the new release starts beside the old on
# the next port (its migrations run then) and is checked; then it takes the service's place while
# nginx sends visitors to it, so `/` keeps answering. Any failure: back to the previous release,
# exit 1. An older release is kept for going back by hand (--to its commit). Decision 0027.
set -euo pipefail

SOURCE=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=deploy/lib.sh
. "$SOURCE/deploy/lib.sh"

usage="Uso: sudo deploy/update.sh --to VERSIÓN   (un commit, una rama o una etiqueta)"
ref=""
while (($# > 0)); do
  case $1 in
    --to)
      [[ $# -ge 2 ]] || die "Falta la versión después de --to. $usage"
      ref=$2
      shift 2
      ;;
    --help | -h)
      say "$usage"
      exit 0
      ;;
    *) die "No conozco la opción $1. $usage" ;;
  esac
done
[[ -n $ref ]] || die "$usage"
require_root
[[ -L $CURRENT_LINK && -f $ENV_FILE ]] || die "No hay una instalación en este servidor: ejecutá primero deploy/install.sh."

started=$SECONDS
port=$(service_port)
domain=$(config_value SITE_URL)
domain=${domain#https://}
previous=$(readlink -f "$CURRENT_LINK")

step "Versión $ref"
if git -C "$SOURCE" remote get-url origin >/dev/null 2>&1; then
  git -C "$SOURCE" fetch --quiet --tags origin ||
    say "Aviso: no se pudo traer novedades de $(git -C "$SOURCE" remote get-url origin); uso lo que ya tiene el clon."
fi
commit=$(git -C "$SOURCE" rev-parse --verify --quiet "$ref^{commit}" ||
  git -C "$SOURCE" rev-parse --verify --quiet "origin/$ref^{commit}") ||
  die "No existe la versión $ref en el clon $SOURCE. No se cambió nada."

# Going back by hand to a kept release reuses it; anything else is built anew.
release=""
for kept in $(ls -1dr "$RELEASES_DIR"/*/ 2>/dev/null); do
  kept=${kept%/}
  if [[ $kept != "$previous" && $(release_commit "$kept") == "$commit" &&
    $(cat "$kept/.release-site-url" 2>/dev/null) == "https://$domain" ]]; then
    release=$kept
    say "Se usa la versión guardada $(basename "$release")."
    break
  fi
done
if [[ -z $release ]]; then
  release=$(build_release "$SOURCE" "$commit") ||
    die "No se pudo construir la versión $ref: revisá el mensaje de arriba. El sitio sigue con la versión anterior, sin cambios."
fi
say "Versión nueva: $(basename "$release")"

step "Punto de restauración"
restore_point=$(take_restore_point "antes-de-$(basename "$release")") ||
  die "No se pudo hacer la copia de la base antes de actualizar: revisá el espacio en disco (df -h). No se cambió nada."
say "${restore_point:-Base todavía vacía: nada que copiar.}"
backup_url=$(config_value LEADS_BACKUP_URL)
if [[ -n $backup_url ]]; then
  # The service sends every change off the server within seconds; say when it last did.
  say "Copia fuera del servidor: $(service_health "$port" 5 | grep -o '"backup":{[^}]*}' || echo 'sin datos')"
fi

switched=false
go_back() {
  local reason=$1
  printf '\n✖ %s\n' "$reason" >&2
  if [[ $switched == true ]]; then
    point_link "$CURRENT_LINK" "$previous"
    systemctl restart "$SERVICE_UNIT" || true
    if ! wait_started "$SERVICE_UNIT" "$port"; then
      # The previous release refuses the database the new one migrated: back to the restore point.
      # The database as it was is kept beside it, never deleted.
      if [[ -n $restore_point && $restore_point == *.sqlite ]]; then
        systemctl stop "$SERVICE_UNIT" "$CANDIDATE_UNIT" || true
        aside="$DATA_DIR/leads.sqlite.fallida-$(date -u +%Y%m%d-%H%M%S)"
        mv "$DATA_DIR/leads.sqlite" "$aside"
        for suffix in -wal -shm; do [[ -f $DATA_DIR/leads.sqlite$suffix ]] && mv "$DATA_DIR/leads.sqlite$suffix" "$aside$suffix"; done
        install -o "$SERVICE_USER" -g "$SERVICE_USER" -m 600 "$restore_point" "$DATA_DIR/leads.sqlite"
        systemctl restart "$SERVICE_UNIT" || true
        wait_started "$SERVICE_UNIT" "$port" || true
        printf 'La base volvió al punto de restauración %s; la base de la versión fallida quedó en %s.\n' \
          "$restore_point" "$aside" >&2
      fi
    fi
  fi
  systemctl stop "$CANDIDATE_UNIT" 2>/dev/null || true
  systemctl reset-failed "$CANDIDATE_UNIT" 2>/dev/null || true
  rm -f "$CANDIDATE_LINK"
  if healthy "$port"; then
    die "La actualización a $ref falló: $reason Se volvió a la versión anterior ($(basename "$previous")), que sigue atendiendo; no se perdió nada. Detalles: journalctl -u $CANDIDATE_UNIT"
  fi
  die "La actualización a $ref falló: $reason Se volvió a la versión anterior ($(basename "$previous")), pero no responde: mirá journalctl -u $SERVICE_UNIT y ejecutá deploy/doctor.sh."
}
trap 'go_back "se interrumpió a mitad de camino."' INT TERM

step "Probando la versión nueva en el puerto $(candidate_port)"
point_link "$CANDIDATE_LINK" "$release"
systemctl reset-failed "$CANDIDATE_UNIT" 2>/dev/null || true
systemctl restart "$CANDIDATE_UNIT" || go_back "la versión nueva no arrancó."
wait_started "$CANDIDATE_UNIT" "$(candidate_port)" || go_back "la versión nueva no arrancó o no respondió."

step "Cambio de versión"
# While the service restarts, nginx sends every request to the new release on the next port.
switched=true
point_link "$CURRENT_LINK" "$release"
systemctl restart "$SERVICE_UNIT" || go_back "el servicio no arrancó con la versión nueva."
wait_started "$SERVICE_UNIT" "$port" || go_back "el servicio no respondió con la versión nueva."
if [[ -n $domain ]]; then
  curl -fsS --max-time 10 --resolve "$domain:443:127.0.0.1" -o /dev/null "https://$domain/" ||
    go_back "https://$domain/ no respondió con la versión nueva."
fi
systemctl stop "$CANDIDATE_UNIT"
rm -f "$CANDIDATE_LINK"
trap - INT TERM

# Kept: the newest releases (the running one and the one before it among them).
ls -1d "$RELEASES_DIR"/*/ 2>/dev/null | sed 's:/$::' | sort -r | tail -n +$((RELEASES_KEPT + 1)) | while read -r old; do
  [[ $old == "$release" || $old == "$previous" ]] || rm -rf "$old"
done

step "Actualizado en $((SECONDS - started)) s"
say "El sitio usa la versión $(basename "$release") (${commit:0:12}). La anterior, $(basename "$previous"), queda guardada: sudo deploy/update.sh --to $(release_commit "$previous" | cut -c1-12)"
