#!/usr/bin/env bash
# Puts the site online on a fresh Debian 12 server whose domain already points at it:
#   sudo deploy/install.sh --domain DOMAIN --owner-email EMAIL [--port PORT] [--acme-server URL]
#     [--acme-ca FILE] [--backup-url URL --backup-recipient AGE_PUBLIC_KEY] [--database-file FILE]
# --database-file names a file (root's, private) holding the PostgreSQL address with its password,
# postgres://user:password@host/base: a password never goes on a command line, where any local user
# reads it (/proc). --database postgres://user@host/base (no password) still works.
# Run it from a clone of the repository; it installs the clone's checked-out commit. Running it again
# with the same arguments changes nothing that works and keeps every lead, version and photo; with
# another --domain it moves the site there. Why each piece is as it is: docs/decisions/0027-going-live.md.
set -euo pipefail

SOURCE=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=deploy/lib.sh
. "$SOURCE/deploy/lib.sh"

usage="Uso: sudo deploy/install.sh --domain DOMINIO --owner-email CORREO [--port PUERTO] [--acme-server URL] [--acme-ca ARCHIVO] [--backup-url URL --backup-recipient CLAVE_PUBLICA_AGE] [--database-file ARCHIVO]"
domain="" owner_email="" port="" acme_server="" acme_ca="" backup_url="" backup_recipient="" database=""
while (($# > 0)); do
  [[ $# -ge 2 || $1 == --help || $1 == -h ]] || die "Falta el valor de $1. $usage"
  case $1 in
    --domain) domain=$2 ;;
    --owner-email) owner_email=$2 ;;
    --port) port=$2 ;;
    --acme-server) acme_server=$2 ;;
    --acme-ca) acme_ca=$2 ;;
    --backup-url) backup_url=$2 ;;
    --backup-recipient) backup_recipient=$2 ;;
    --database)
      [[ ! $2 =~ ^postgres(ql)?://[^/@]*:[^/@]*@ ]] ||
        die "La contraseña de la base no va en la línea de comandos (cualquier usuario del servidor la lee mientras corre): guardá la dirección en un archivo privado y pasalo con --database-file."
      database=$2
      ;;
    --database-file)
      [[ -f $2 && ! -L $2 ]] || die "No encuentro el archivo $2 (--database-file)."
      database=$(head -n 1 "$2")
      ;;
    --help | -h)
      say "$usage"
      exit 0
      ;;
    *) die "No conozco la opción $1. $usage" ;;
  esac
  shift 2
done

require_root
[[ $domain =~ ^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$ && $domain == *.* ]] ||
  die "El dominio «$domain» no es válido: escribilo como www.ejemplo.com.ar, sin https:// ni barras. $usage"
[[ $owner_email =~ ^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$ ]] ||
  die "Falta el correo del titular o no es válido (--owner-email). $usage"
port=${port:-$(config_value PORT)}
# Empty: the service's own default, asked of its code once Node is in place.
[[ -z $port ]] || { [[ $port =~ ^[0-9]+$ ]] && ((port >= 1024 && port < 65535)); } ||
  die "El puerto $port no sirve: elegí uno entre 1024 y 65534 (--port)."
[[ -z $acme_ca || -f $acme_ca ]] || die "No encuentro el certificado de la autoridad ACME $acme_ca (--acme-ca)."
[[ -n $backup_url && -z $backup_recipient ]] &&
  die "Con --backup-url hace falta --backup-recipient (la clave pública age del titular, age1…)."
[[ -z $backup_url && -n $backup_recipient ]] &&
  die "Con --backup-recipient hace falta --backup-url (dónde guardar las copias)."
[[ -z $database || $database == postgres://* || $database == postgresql://* ]] ||
  die "La base tiene que ser una dirección postgres://usuario:clave@servidor/base (en el archivo de --database-file)."

git -C "$SOURCE" rev-parse --verify HEAD >/dev/null 2>&1 ||
  die "Ejecutalo desde un clon del repositorio (git clone …), no desde una copia suelta."

# shellcheck disable=SC1091
. /etc/os-release
case "$ID-$VERSION_ID" in
  debian-12) ;;
  *) say "Aviso: probado solo en Debian 12; este servidor es $PRETTY_NAME." ;;
esac

# The password first, so nothing is left half done waiting at a prompt.
owner_password=""
if [[ ! -f $CONFIG_DIR/titular-creado ]]; then
  if [[ -t 0 ]]; then
    read -rsp "Contraseña para la bandeja del titular ($owner_email): " owner_password
    echo
    read -rsp "Repetila: " repeated
    echo
    [[ $owner_password == "$repeated" ]] || die "Las dos contraseñas no coinciden. No se cambió nada."
  else
    IFS= read -r owner_password || [[ -n $owner_password ]] ||
      die "Falta la contraseña del titular: pasala en una línea por la entrada estándar."
  fi
  [[ -n $owner_password ]] || die "La contraseña del titular no puede estar vacía."
fi

started=$SECONDS

step "Paquetes del sistema"
apt-get update -qq
packages=(nginx certbot npm git curl ca-certificates sqlite3 openssl libvips-tools jq)
[[ -n $database ]] && packages+=(postgresql-client)
apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null

step "Node 24 en $NODE_PREFIX"
if [[ $("$NODE_PREFIX/node_modules/.bin/node" --version 2>/dev/null) != v24.* ]]; then
  mkdir -p "$NODE_PREFIX"
  # The distribution's npm installs the Node and npm the project needs, apart from the system's.
  /usr/bin/npm install --prefix "$NODE_PREFIX" --no-audit --no-fund --loglevel=error node@24 npm@11 >/dev/null
fi
say "$(node --version), npm $(npm --version)"
load_deploy_facts "$SOURCE"
port=${port:-$SERVICE_DEFAULT_PORT}

step "Usuario, carpetas y configuración"
id -u "$SERVICE_USER" >/dev/null 2>&1 ||
  useradd --system --user-group --home-dir "$DATA_DIR" --no-create-home --shell /usr/sbin/nologin "$SERVICE_USER"
id -u "$BUILD_USER" >/dev/null 2>&1 ||
  useradd --system --user-group --home-dir "$NPM_CACHE_DIR" --no-create-home --shell /usr/sbin/nologin "$BUILD_USER"
install -d -o root -g root -m 755 "$APP_DIR" "$RELEASES_DIR" "$ACME_WEBROOT"
install -d -o root -g root -m 755 /var/cache/tasaciones
# Releases an earlier installer left to the service's user become root's (no link followed).
[[ -z $(find "$RELEASES_DIR" -mindepth 1 \( ! -user root -o -perm /022 \) ! -type l -print -quit) ]] || {
  chown -R root:root "$RELEASES_DIR"
  chmod -R go-w "$RELEASES_DIR"
}
install -d -o "$SERVICE_USER" -g "$SERVICE_USER" -m 700 "$DATA_DIR"
install -d -m 700 "$CONFIG_DIR"
[[ -f $ENV_FILE ]] || install -m 600 /dev/null "$ENV_FILE"
config_before=$({ cat "$ENV_FILE" "$CANDIDATE_ENV_FILE" 2>/dev/null || true; } | sha256sum)
previous_domain=$(config_value SITE_URL)
previous_domain=${previous_domain#https://}
set_config_value SITE_URL "https://$domain"
set_config_value PORT "$port"
set_config_value HOST 127.0.0.1
set_config_value LEADS_DATA_DIR "$DATA_DIR"
# nginx proves itself with this secret; loopback is no proxy, any local process is there (decision 0040).
[[ -n $(config_value LEADS_PROXY_SECRET) ]] || set_config_value LEADS_PROXY_SECRET "$(openssl rand -hex 32)"
sed -i '/^LEADS_TRUSTED_PROXIES=127\.0\.0\.1$/d' "$ENV_FILE"
[[ -n $database ]] && set_config_value DATABASE_URL "$database"
if [[ -n $backup_url ]]; then
  set_config_value LEADS_BACKUP_URL "$backup_url"
  set_config_value LEADS_BACKUP_RECIPIENT "$backup_recipient"
  if [[ $backup_url == file://* ]]; then
    install -d -o "$SERVICE_USER" -g "$SERVICE_USER" -m 700 "${backup_url#file://}"
  fi
fi
printf 'PORT=%s\n' $((port + 1)) >"$CANDIDATE_ENV_FILE"
chmod 600 "$ENV_FILE" "$CANDIDATE_ENV_FILE"
config_after=$(cat "$ENV_FILE" "$CANDIDATE_ENV_FILE" | sha256sum)
if [[ -n $acme_ca ]]; then install -m 600 "$acme_ca" "$ACME_CA_FILE"; fi

step "Versión del sitio"
commit=$(git -C "$SOURCE" rev-parse HEAD)
current=$(readlink -f "$CURRENT_LINK" 2>/dev/null || true)
# A new release when the commit or the site's address changed (the pages carry SITE_URL).
if [[ -n $current && $(release_commit "$current") == "$commit" && $previous_domain == "$domain" ]]; then
  say "Sin cambios: $(basename "$current")"
  changed_release=false
else
  release=$(build_release "$SOURCE" "$commit") || die "No se pudo construir la versión ${commit:0:12}: revisá el mensaje de arriba. El sitio anterior sigue igual."
  point_link "$CURRENT_LINK" "$release"
  say "Versión $(basename "$release")"
  changed_release=true
fi

step "Servicio $SERVICE_UNIT"
write_unit "$SERVICE_UNIT" "$CURRENT_LINK" ""
write_unit "$CANDIDATE_UNIT" "$CANDIDATE_LINK" "EnvironmentFile=$CANDIDATE_ENV_FILE"
sed -i '/^\[Install\]/,$d' "/etc/systemd/system/$CANDIDATE_UNIT"
systemctl daemon-reload
systemctl enable --quiet "$SERVICE_UNIT"
# Restarted only when the release or the configuration changed: a second run leaves it alone.
if [[ $changed_release == true || $config_before != "$config_after" ]] || ! systemctl is-active --quiet "$SERVICE_UNIT"; then
  systemctl restart "$SERVICE_UNIT"
fi
wait_started "$SERVICE_UNIT" "$port" ||
  die "El servicio $SERVICE_UNIT no arrancó: mirá journalctl -u $SERVICE_UNIT y volvé a ejecutar la instalación."
say "Escuchando en 127.0.0.1:$port"

step "La cuenta del titular"
if [[ -n $owner_password ]]; then
  # The project's own command, as the service's user, with the service's configuration; what it
  # prints (the single-use code for the first factor) goes to the installer's output.
  printf '%s' "$owner_password" | (
    umask 077
    set -a
    # shellcheck disable=SC1090
    . "$ENV_FILE"
    set +a
    cd "$CURRENT_LINK" && runuser -u "$SERVICE_USER" -- npm run --silent owner:password -- "$owner_email"
  ) || die "No se pudo crear la cuenta del titular: revisá el mensaje de arriba y volvé a ejecutar la instalación."
  touch "$CONFIG_DIR/titular-creado"
  chmod 600 "$CONFIG_DIR/titular-creado"
else
  say "La cuenta del titular ya existe. Para cambiar la contraseña: cd $CURRENT_LINK && sudo -u $SERVICE_USER npm run owner:password -- $owner_email (con la configuración de $ENV_FILE)."
fi

step "HTTPS para $domain"
certificate=/etc/letsencrypt/live/$CERT_NAME/fullchain.pem
certificate_names() { openssl x509 -in "$certificate" -noout -ext subjectAltName 2>/dev/null | grep -o 'DNS:[^,]*' | sed 's/DNS://'; }
if [[ ! -f $certificate ]] || ! certificate_names | grep -qx "$domain"; then
  write_nginx_site "$domain" "$port" "$([[ -f $certificate ]] && echo true || echo false)"
fi
acme_environment=()
[[ -f $ACME_CA_FILE ]] && acme_environment=("REQUESTS_CA_BUNDLE=$ACME_CA_FILE")
acme_options=(--non-interactive --agree-tos --email "$owner_email" --cert-name "$CERT_NAME" --keep-until-expiring
  --webroot --webroot-path "$ACME_WEBROOT" --domain "$domain")
[[ -n $acme_server ]] && acme_options+=(--server "$acme_server")
env "${acme_environment[@]}" certbot certonly --quiet "${acme_options[@]}" ||
  die "No se obtuvo el certificado HTTPS para $domain: comprobá que el dominio apunte a este servidor (puerto 80 abierto) y volvé a ejecutar la instalación."
write_nginx_site "$domain" "$port" true

# Renewal: certbot's own systemd timer, with the same ACME server (certbot keeps it in its renewal
# file) and the same trust for it; nginx reloads after every renewal.
install -d /etc/systemd/system/certbot.service.d /etc/letsencrypt/renewal-hooks/deploy
if [[ -f $ACME_CA_FILE ]]; then
  printf '[Service]\nEnvironment=REQUESTS_CA_BUNDLE=%s\n' "$ACME_CA_FILE" >/etc/systemd/system/certbot.service.d/tasaciones.conf
else
  rm -f /etc/systemd/system/certbot.service.d/tasaciones.conf
fi
printf '#!/bin/sh\nsystemctl reload nginx\n' >/etc/letsencrypt/renewal-hooks/deploy/tasaciones-nginx
chmod 755 /etc/letsencrypt/renewal-hooks/deploy/tasaciones-nginx
systemctl daemon-reload
systemctl enable --now --quiet certbot.timer
# A dry run goes to Let's Encrypt's staging server unless another server is named.
renewal_server=$(sed -n 's/^server = //p' "/etc/letsencrypt/renewal/$CERT_NAME.conf")
renewal_options=()
[[ $renewal_server == https://acme-v02.api.letsencrypt.org/* ]] || renewal_options=(--server "$renewal_server")
env "${acme_environment[@]}" certbot renew --dry-run --quiet --no-random-sleep-on-renew --cert-name "$CERT_NAME" "${renewal_options[@]}" ||
  die "La prueba de renovación del certificado falló: mirá /var/log/letsencrypt/letsencrypt.log."
say "Certificado de $(openssl x509 -in "$certificate" -noout -issuer | sed 's/^issuer=//'), renovación automática probada."

step "Listo en $((SECONDS - started)) s"
curl -fsS --max-time 10 -o /dev/null "https://$domain/" ||
  say "Aviso: https://$domain/ no respondió desde este servidor; revisá que el dominio apunte acá (deploy/doctor.sh)."
cat <<DONE

El sitio está en https://$domain/
La bandeja del titular: https://$domain/bandeja

Lo que sigue:
  1. Entrá a https://$domain/bandeja con $owner_email y la contraseña que elegiste, y registrá tu
     segundo factor con el código de un solo uso que aparece arriba.
DONE
if [[ -z $(config_value LEADS_BACKUP_URL) ]]; then
  cat <<DONE
  2. Todavía no sale ninguna copia de este servidor: creá un lugar para las copias y volvé a ejecutar
     la instalación con --backup-url y --backup-recipient (docs/deploy.md, «Off-site backups»).
DONE
else
  say "  2. Las copias salen cifradas a $(config_value LEADS_BACKUP_URL); guardá la clave privada fuera del servidor."
fi
cat <<DONE
  3. Para que te lleguen los avisos por correo, agregá SMTP_URL y LEADS_NOTIFY_TO=$owner_email en
     $ENV_FILE y reiniciá con
     systemctl restart $SERVICE_UNIT. Cuando quieras revisar que todo esté bien: sudo deploy/doctor.sh
DONE
