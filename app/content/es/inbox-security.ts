/** The owner's second factor in the inbox (/bandeja/seguridad, the confirmation, the sign-in's second step), in Spanish. */

export const passkeyWords = {
  unsupported: "Este navegador no puede usar llaves de acceso. Usá un código de tu app de autenticación.",
  unavailable:
    "Las llaves de acceso funcionan solo en la dirección del sitio con HTTPS, o en http://localhost en la computadora del servidor.",
  cancelled: "No se usó ninguna llave de acceso. Podés intentar de nuevo.",
  working: "Esperando la llave de acceso…",
};

export const codeWords = {
  label: "Código",
  hint: "Los 6 números de tu app de autenticación, o un código de recuperación.",
  submit: "Confirmar con el código",
  rejected: "El código no es correcto o ya se usó.",
  throttled: (wait: string) => `Demasiados códigos incorrectos. Probá de nuevo en ${wait}.`,
};

export const passkeyLogin = {
  button: "Ingresar con llave de acceso",
  or: "o con tu contraseña",
  failed: "No se pudo ingresar con esa llave de acceso.",
};

export const secondStep = {
  title: "Falta un paso",
  lead: "Tu contraseña es correcta. Confirmá que sos vos con tu llave de acceso, un código de tu app de autenticación o un código de recuperación.",
  passkey: "Usar mi llave de acceso",
  recoveryUsed: (left: number) =>
    `Usaste un código de recuperación: te quedan ${left}. Si perdiste el teléfono, quitá su llave en Seguridad y generá códigos nuevos.`,
};

export const confirm = {
  title: "Confirmá que sos vos",
  lead: "Antes de seguir, confirmá con tu llave de acceso o con un código. La confirmación vale 10 minutos.",
  passwordLead: "Escribí tu contraseña de nuevo. Vale 10 minutos.",
  password: "Contraseña",
  passwordSubmit: "Confirmar con la contraseña",
  passwordRejected: "La contraseña no es correcta.",
  passkey: "Confirmar con mi llave de acceso",
  passkeyRejected: "Esa llave de acceso no sirvió. Probá de nuevo, o usá un código.",
  firstFactor:
    "Para esto hace falta un segundo factor: una llave de acceso o los códigos de una app de autenticación. Agregá uno en Seguridad y volvé.",
  toSecurity: "Ir a Seguridad",
  back: "Volver",
};

export const security = {
  title: "Seguridad",
  lead: "Además de la contraseña, la bandeja puede pedirte una llave de acceso (tu teléfono o tu computadora, con la huella, la cara o el PIN) o un código de una app de autenticación. Con cualquiera de los dos, ingresar con la contraseña sola ya no alcanza.",
  status: (on: boolean) =>
    on
      ? "Segundo factor activado: al ingresar con la contraseña, la bandeja también te pide una llave o un código."
      : "Todavía no hay segundo factor: la contraseña sola abre la bandeja.",
  passkeys: {
    heading: "Llaves de acceso",
    none: "Todavía no agregaste ninguna llave de acceso.",
    name: "Nombre de la llave",
    nameHint: "Para reconocerla en esta lista, por ejemplo «Teléfono de Laura».",
    add: "Agregar llave de acceso",
    added: (name: string) => `Se agregó la llave «${name}».`,
    addedOn: (when: string) => `Agregada el ${when}`,
    lastUsed: (when: string | null) => (when ? `Último uso: ${when}` : "Todavía sin usar"),
    remove: (name: string) => `Quitar «${name}»`,
    removeShort: "Quitar",
    removed: "Se quitó la llave de acceso.",
    failed: "No se pudo agregar la llave de acceso. Probá de nuevo.",
  },
  totp: {
    heading: "App de autenticación",
    lead: "Para un teléfono sin llaves de acceso: una app como Google Authenticator, Microsoft Authenticator o Aegis muestra un código nuevo de 6 números cada 30 segundos.",
    enabled: "Activada: al ingresar podés usar sus códigos.",
    start: "Configurar una app de autenticación",
    scan: "Escaneá este código QR con la app, o escribí la clave a mano:",
    qrAlt: "Código QR para configurar la app de autenticación",
    secret: "Clave",
    code: "Código que muestra la app",
    enable: "Activar",
    enabledNow: "Listo: la app de autenticación quedó activada.",
    rejected:
      "Ese código no coincide. Revisá que la hora del teléfono sea automática y probá con el código nuevo.",
    disable: "Desactivar la app de autenticación",
    disabled: "Se desactivó la app de autenticación.",
  },
  recovery: {
    heading: "Códigos de recuperación",
    lead: "Si perdés el teléfono, cada código sirve una vez para ingresar. Guardalos en papel o en un lugar seguro, lejos del teléfono.",
    left: (count: number) =>
      count === 1 ? "Te queda 1 código sin usar." : `Te quedan ${count} códigos sin usar.`,
    none: "Aparecen cuando agregás el primer segundo factor.",
    regenerate: "Generar códigos nuevos",
    shownOnce:
      "Estos son tus códigos de recuperación. Se muestran solo esta vez: anotalos o imprimilos ahora. Los anteriores dejan de servir.",
    listLabel: "Códigos de recuperación",
  },
  lostEverything:
    "Si perdiste todo (teléfono y códigos), en el servidor el comando «npm run owner:password» cambia la contraseña, quita todos los factores y cierra todas las sesiones.",
};
