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
    "Para esto hace falta un segundo factor: una llave de acceso o los códigos de una app de autenticación. Salí e ingresá de nuevo: la bandeja te va a guiar para agregarlo.",
  toSecurity: "Ir a Seguridad",
  trustedLead:
    "Para esto hace falta una llave de acceso o la app de autenticación que ya tenías: un código de recuperación no alcanza, y una llave nueva sirve para esto recién cuando termina su espera.",
  frozen:
    "Publicar el sitio y cambiar las llaves está en pausa porque alguien tocó «No fui yo» en un aviso de cambio de llaves. Resolvelo en Seguridad con una llave que ya tenías, o pedí que cambien la contraseña en el servidor.",
  back: "Volver",
};

/** The owner's first sign-in (decision 0024): the code that reached them another way, then the first factor. */
export const firstSignIn = {
  title: "Primer ingreso",
  /** Where the code came from, in the owner's terms: whoever made the account, or the e-mail when the server sends one. */
  codeLead: (canMail: boolean) =>
    `Tu contraseña es correcta. Para que nadie más pueda entrar con ella, la primera vez la bandeja pide también el código de primer ingreso: te lo dio quien creó tu cuenta${canMail ? ", o te lo mandamos por e-mail con el botón de abajo" : ""}.`,
  codeLabel: "Código de primer ingreso",
  codeHint:
    "16 letras y números, por ejemplo ABCD-EFGH-JKMN-PQRS. Da igual si lo escribís con o sin guiones.",
  codeSubmit: "Seguir",
  codeRejected: "Ese código no es correcto, ya se usó o venció. Revisalo, o pedí uno nuevo por e-mail.",
  mailAsk: "No tengo el código: mandármelo por e-mail",
  mailSent: "Te mandamos un código nuevo al e-mail de la cuenta. Vale 30 minutos.",
  mailWait: "Ya te mandamos un código hace un momento. Revisá tu e-mail (también la carpeta de spam).",
  mailUnavailable:
    "Este servidor no tiene e-mail configurado. Pedile a quien instaló el sitio el código de primer ingreso.",
  factorLead:
    "Código correcto. Último paso: elegí cómo vas a confirmar que sos vos cada vez que ingreses. Tarda un minuto.",
  passkeyHeading: "Con una llave de acceso (recomendado)",
  passkeyLead:
    "Tu teléfono o tu computadora te reconocen con la huella, la cara o el PIN. No hay nada que anotar.",
  passkeyName: "Nombre de la llave",
  passkeyNameHint: "Para reconocerla después, por ejemplo «Teléfono de Laura».",
  passkeyAdd: "Crear mi llave de acceso",
  passkeyFailed: "No se pudo crear la llave de acceso. Probá de nuevo, o usá una app de autenticación.",
  totpHeading: "Con una app de autenticación",
  totpLead:
    "Una app como Google Authenticator, Microsoft Authenticator o Aegis muestra un código de 6 números que cambia cada 30 segundos.",
  totpSubmit: "Activar y entrar",
  done: "Listo: la bandeja ya te reconoce.",
  expired: "Pasó demasiado tiempo. Ingresá de nuevo con tu email y contraseña.",
};

/** The «no fui yo» link of a factor-change e-mail. */
export const notMe = {
  title: "¿No fuiste vos?",
  lead: "Si no agregaste ni quitaste una llave de acceso o la app de autenticación, tocá el botón: nadie podrá publicar cambios en el sitio ni cambiar las llaves hasta que lo resuelvas.",
  submit: "No fui yo: poner en pausa",
  done: "Listo: publicar y cambiar las llaves quedó en pausa. Para resolverlo, ingresá a la bandeja con una llave que ya tenías y entrá en Seguridad, o pedí que cambien la contraseña en el servidor.",
  unknown:
    "Este enlace ya se usó o venció. Si alguien más está usando tu cuenta, pedí que cambien la contraseña en el servidor.",
};

/** The recovery codes once shown: print, download, then «Ya los guardé». */
export const recoveryShown = {
  print: "Imprimir",
  download: "Descargar como archivo",
  fileName: "codigos-de-recuperacion-bandeja.txt",
  fileHeading:
    "Códigos de recuperación de la bandeja. Cada uno sirve una vez para ingresar si perdés el teléfono.",
  saved: "Ya los guardé",
};

export const security = {
  title: "Seguridad",
  lead: "Además de la contraseña, la bandeja puede pedirte una llave de acceso (tu teléfono o tu computadora, con la huella, la cara o el PIN) o un código de una app de autenticación. Con cualquiera de los dos, ingresar con la contraseña sola ya no alcanza.",
  status: (on: boolean) =>
    on
      ? "Segundo factor activado: al ingresar con la contraseña, la bandeja también te pide una llave o un código."
      : "Todavía no hay segundo factor.",
  waits: (until: string) =>
    `Nueva: hasta el ${until} sirve para ingresar, pero no para publicar ni para cambiar llaves (si no fuiste vos, usá el enlace «No fui yo» del e-mail).`,
  lastFactor: "No se puede quitar: es tu única forma de confirmar que sos vos. Agregá otra antes.",
  frozen: {
    heading: "Publicar y cambiar llaves está en pausa",
    lead: (since: string) =>
      `Desde el ${since} alguien tocó «No fui yo» en un aviso de cambio de llaves. Si fuiste vos y reconocés todo, o para sacar lo que agregó otra persona: al resolverlo se quitan las llaves y la app agregadas desde ese aviso.`,
    resolve: "Resolver y volver a permitir",
    resolved: "Listo: se quitaron las llaves agregadas desde el aviso, y se puede publicar de nuevo.",
  },
  changes: {
    heading: "Cambios en tus llaves desde otra sesión",
    lead: "Si no fuiste vos, tocá «No fui yo»: nadie podrá publicar ni cambiar llaves hasta que lo resuelvas en Seguridad con una llave o una app que ya tenías.",
    when: (when: string) => `${when} (hora de Buenos Aires)`,
    notMe: "No fui yo",
    reported: "Listo: publicar y cambiar llaves quedó en pausa. Resolvelo en Seguridad.",
  },
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
    app: (added: string) => `App agregada el ${added}`,
    start: "Configurar una app de autenticación",
    startAnother: "Agregar otra app de autenticación",
    besideOthers:
      "La app nueva se agrega junto a las que ya tenés: ninguna deja de servir hasta que la quites.",
    scan: "Escaneá este código QR con la app, o escribí la clave a mano:",
    openInApp: "En este teléfono: abrir en la app de autenticación",
    qrAlt: "Código QR para configurar la app de autenticación",
    secret: "Clave",
    code: "Código que muestra la app",
    enable: "Activar",
    enabledNow: "Listo: la app de autenticación quedó activada, junto a las que ya tenías.",
    rejected:
      "Ese código no coincide. Revisá que la hora del teléfono sea automática y probá con el código nuevo.",
    disable: (added: string) => `Quitar la app agregada el ${added}`,
    disableShort: "Quitar",
    disabled: "Se quitó la app de autenticación.",
  },
  recovery: {
    heading: "Códigos de recuperación",
    lead: "Si perdés el teléfono, cada código sirve una vez para ingresar. Guardalos en papel o en un lugar seguro, lejos del teléfono.",
    left: (count: number) =>
      count === 1 ? "Te queda 1 código sin usar." : `Te quedan ${count} códigos sin usar.`,
    none: "Aparecen cuando agregás el primer segundo factor.",
    regenerate: "Generar códigos nuevos",
    shownOnce: (replaced: boolean) =>
      `Estos son tus códigos de recuperación. Se muestran solo esta vez: anotalos o imprimilos ahora.${replaced ? " Los anteriores dejan de servir." : ""}`,
    listLabel: "Códigos de recuperación",
  },
  lostEverything:
    "Si perdiste todo (teléfono y códigos), quien administra el servidor puede darte una contraseña nueva desde allí: eso quita todos los factores, cierra todas las sesiones y te da un código de primer ingreso.",
};
