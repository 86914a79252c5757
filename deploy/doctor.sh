#!/usr/bin/env bash
# Says whether the server is well, in plain Spanish:
#   sudo deploy/doctor.sh
# Exit 0 and a short report when everything is well; otherwise exit 1 and one line per problem that
# names the part and says what to do. The same findings are written to /var/lib/tasaciones/doctor.json,
# which the owner's inbox shows. Decision 0027.
set -uo pipefail

SOURCE=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=deploy/lib.sh
. "$SOURCE/deploy/lib.sh"

require_root
[[ -f $ENV_FILE ]] || die "No hay una instalación en este servidor: ejecutá primero deploy/install.sh."

problems=() report=()
problem() { problems+=("$1|$2"); }
fine() { report+=("✔ $1"); }

port=$(service_port)
site_url=$(config_value SITE_URL)
domain=${site_url#https://}

# DNS: the domain's addresses must include one of this server's.
resolved=$(getent ahosts "$domain" | awk '{print $1}' | sort -u)
local_addresses=$(ip -o addr show 2>/dev/null | awk '{split($4, a, "/"); print a[1]}')
if [[ -z $resolved ]]; then
  problem dominio "El dominio $domain no resuelve a ninguna dirección: creá un registro A con la IP de este servidor en tu proveedor de dominio."
elif ! grep -qxF -f <(echo "$local_addresses") <<<"$resolved"; then
  problem dominio "El dominio $domain apunta a $(echo "$resolved" | paste -sd' ') y no a este servidor ($(echo "$local_addresses" | grep -v '^127\.\|^::1$' | paste -sd' ')): corregí el registro A en tu proveedor de dominio."
else
  fine "El dominio $domain apunta a este servidor."
fi

# The certificate: issuer, days left, the renewal timer.
certificate=/etc/letsencrypt/live/$CERT_NAME/fullchain.pem
if [[ ! -f $certificate ]]; then
  problem certificado "No hay certificado HTTPS para $domain: ejecutá de nuevo deploy/install.sh."
else
  expires=$(date -d "$(openssl x509 -in "$certificate" -noout -enddate | cut -d= -f2)" +%s)
  days_left=$(((expires - $(date +%s)) / 86400))
  issuer=$(openssl x509 -in "$certificate" -noout -issuer | sed 's/^issuer= *//')
  if ! openssl x509 -in "$certificate" -noout -ext subjectAltName 2>/dev/null | grep -q "DNS:$domain\b"; then
    problem certificado "El certificado HTTPS no es para $domain: ejecutá de nuevo deploy/install.sh --domain $domain."
  elif ((days_left < 14)); then
    problem certificado "El certificado HTTPS vence en $days_left días y no se renovó: ejecutá sudo certbot renew y mirá /var/log/letsencrypt/letsencrypt.log."
  else
    fine "Certificado HTTPS de $issuer, vence en $days_left días."
  fi
  if systemctl is-active --quiet certbot.timer; then
    fine "Renovación automática programada (certbot.timer)."
  else
    problem certificado "La renovación automática del certificado está apagada: ejecutá sudo systemctl enable --now certbot.timer."
  fi
fi

# The service and its health.
health=""
if ! systemctl is-active --quiet "$SERVICE_UNIT"; then
  problem servicio "El servicio $SERVICE_UNIT está detenido: ejecutá sudo systemctl start $SERVICE_UNIT y, si no arranca, mirá journalctl -u $SERVICE_UNIT."
else
  health=$(service_health "$port")
  if jq -e '.ok == true' >/dev/null 2>&1 <<<"$health"; then
    fine "El servicio $SERVICE_UNIT atiende y guarda consultas."
  else
    problem servicio "El servicio $SERVICE_UNIT no puede guardar consultas ($(jq -r '.cause // "sin respuesta"' 2>/dev/null <<<"$health" || echo 'sin respuesta')): mirá journalctl -u $SERVICE_UNIT."
  fi
fi
if ! systemctl is-active --quiet nginx; then
  problem nginx "nginx está detenido y nadie puede ver el sitio: ejecutá sudo systemctl start nginx."
elif [[ -n $health ]] && ! curl -fsS --max-time 10 --resolve "$domain:443:127.0.0.1" -o /dev/null "https://$domain/" 2>/dev/null; then
  problem nginx "https://$domain/ no responde desde este servidor: ejecutá sudo nginx -t y mirá journalctl -u nginx."
fi

# The copies off the server and the last restore drill.
# A field of health's off-site copy (its details, decision 0040), empty when absent.
field() { jq -r ".backup.$1 // empty" 2>/dev/null <<<"$health" || true; }
if [[ -z $(config_value LEADS_BACKUP_URL) ]]; then
  problem copias "Ninguna copia sale de este servidor todavía: ejecutá de nuevo deploy/install.sh con --backup-url y --backup-recipient (docs/deploy.md, «Off-site backups»)."
elif [[ -n $health ]]; then
  case $(field state) in
    ok)
      newest=$(field newestCopyAt)
      fine "Copia fuera del servidor al día${newest:+ (hasta $newest)}."
      verified=$(field lastVerifiedRestore.at)
      if [[ -z $verified ]]; then
        fine "Todavía no hubo un simulacro de restauración: el servicio hace uno por semana."
      elif (($(date +%s) - $(date -d "$verified" +%s) > 8 * 86400)); then
        problem copias "La última restauración verificada fue el $verified, hace más de 8 días: mirá journalctl -u $SERVICE_UNIT."
      else
        fine "Última restauración verificada: $verified."
      fi
      ;;
    drill-failed) problem copias "Falló el último simulacro de restauración de las copias: mirá la bandeja y journalctl -u $SERVICE_UNIT." ;;
    *) problem copias "Las copias fuera del servidor están atrasadas ($(field problem)): revisá LEADS_BACKUP_URL y las claves en $ENV_FILE." ;;
  esac
fi

# Publishing: a dry build as the service's user inside the unit's own sandbox (the same properties,
# through systemd-run), so a server whose publications would fail says so here and in the inbox.
release=$(readlink -f "$CURRENT_LINK")
sandbox=()
while IFS= read -r property; do sandbox+=(-p "$property"); done < <(unit_sandbox)
if build_check=$(systemd-run --quiet --wait --pipe --collect --unit="tasaciones-prueba-de-construccion-$$" \
  "${sandbox[@]}" -p "WorkingDirectory=$release" -p "EnvironmentFile=$ENV_FILE" \
  -p "Environment=NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt" \
  -p "Environment=PATH=$release/node_modules/.bin:$NODE_PREFIX/node_modules/.bin:/usr/bin:/bin" \
  "$release/node_modules/.bin/node" --disable-warning=ExperimentalWarning server/build-check.ts 2>&1); then
  fine "${build_check##*$'\n'} Publicar funciona."
else
  problem construccion "${build_check%%$'\n'*}"
  printf 'La construcción de prueba (como el servicio, en su caja) dijo:\n%s\n' "$build_check" >&2
fi

# Disk space where the data lives.
read -r used_percent available_kb < <(df --output=pcent,avail "$DATA_DIR" | tail -n 1 | tr -d '%')
if ((used_percent >= 90 || available_kb < 1048576)); then
  problem disco "El disco está casi lleno ($used_percent % usado, $((available_kb / 1024)) MB libres): borrá archivos viejos o agrandá el disco."
else
  fine "Disco: $used_percent % usado, $((available_kb / 1024 / 1024)) GB libres."
fi

# The clock: against the Date of Debian's mirror (the server reaches it for its updates anyway).
remote_date=$(curl -sSI --max-time 10 http://deb.debian.org/debian/ 2>/dev/null | sed -n 's/^[Dd]ate: //p' | tr -d '\r')
if [[ -n $remote_date ]]; then
  skew=$(($(date +%s) - $(date -d "$remote_date" +%s)))
  if ((skew > 60 || skew < -60)); then
    problem reloj "El reloj del servidor está desfasado ${skew#-} s: ejecutá sudo timedatectl set-ntp true."
  else
    fine "El reloj está en hora."
  fi
fi

# Security updates waiting (the lists as the last apt-get update left them, refreshed here).
apt-get update -qq >/dev/null 2>&1 || true
security_updates=$(apt-get -s -o Debug::NoLocking=true upgrade 2>/dev/null | grep -c '^Inst .*security' || true)
if ((security_updates > 0)); then
  problem actualizaciones "Hay $security_updates actualizaciones de seguridad del sistema pendientes: ejecutá sudo apt-get upgrade."
else
  fine "Sin actualizaciones de seguridad pendientes."
fi

# Only the service reads its data; only root reads the configuration.
if [[ $(stat -c '%a %U' "$DATA_DIR") != "700 $SERVICE_USER" ]]; then
  problem permisos "La carpeta $DATA_DIR no es privada: ejecutá sudo chown $SERVICE_USER: $DATA_DIR && sudo chmod 700 $DATA_DIR."
fi
open_files=$(find "$DATA_DIR" -type f -perm /077 2>/dev/null | head -n 3 | paste -sd' ')
if [[ -n $open_files ]]; then
  problem permisos "Hay archivos de datos que otros usuarios pueden leer ($open_files): ejecutá sudo find $DATA_DIR -type f -exec chmod 600 {} +."
fi
open_config=$(find "$CONFIG_DIR" -type f -perm /077 2>/dev/null | head -n 3 | paste -sd' ')
if [[ -n $open_config ]]; then
  problem permisos "La configuración con contraseñas es legible por otros ($open_config): ejecutá sudo chmod 600 $CONFIG_DIR/*."
fi
[[ ${problems[*]} == *permisos\|* ]] || fine "Permisos de datos y configuración: privados."

# Versions of the release and of the database.
query="select name from kysely_migration order by name desc limit 1"
if [[ -n $(config_value DATABASE_URL) ]]; then
  schema=$(with_database psql -At -c "$query" 2>/dev/null)
else
  schema=$(sqlite3 -readonly "$DATA_DIR/$SQLITE_FILE" "$query" 2>/dev/null)
fi
fine "Versión del sitio: $(basename "$release") ($(release_commit "$release" | cut -c1-12)); base de datos: ${schema:-desconocida}."

# The findings, for the inbox, written by jq (each message a JSON string whatever it holds). The
# data folder is the service's: the file is made in root's folder and moved in with no link
# followed (mv -T replaces a link planted there, never what it points to).
findings=$(mktemp "$CONFIG_DIR/.doctor.XXXXXX")
for entry in "${problems[@]}"; do printf '%s\n' "$entry"; done |
  jq -R --arg checkedAt "$(date -u +%Y-%m-%dT%H:%M:%SZ)" -s \
    '{checkedAt: $checkedAt, problems: [split("\n")[] | select(length > 0) | {part: split("|")[0], message: (split("|")[1:] | join("|"))}]}' \
    >"$findings"
chown "$SERVICE_USER:$SERVICE_USER" "$findings"
chmod 600 "$findings"
mv -T "$findings" "$DOCTOR_FINDINGS"

if ((${#problems[@]} == 0)); then
  say "Todo en orden en $domain:"
  printf '  %s\n' "${report[@]}"
  exit 0
fi
say "Problemas en $domain:"
for entry in "${problems[@]}"; do say "✖ ${entry#*|}"; done
say
say "Lo que está bien:"
printf '  %s\n' "${report[@]}"
exit 1
