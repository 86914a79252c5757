import { sourcesPerDay } from "../../lib/visit-beacon.ts";

/** The owner's inbox (/bandeja), in Spanish. */

/** After each page's own title: whose inbox it is, by the name published now (none: just «Bandeja»). */
export const inboxTitle = (businessName: string) => (businessName ? `Bandeja · ${businessName}` : "Bandeja");

export const ownerCommand = `printf '%s' "$CONTRASEÑA" | npm run --silent owner:password -- titular@ejemplo.com`;

export const login = {
  title: "Bandeja de consultas",
  lead: "Ingresá con el email y la contraseña de la cuenta de titular.",
  email: "Email",
  password: "Contraseña",
  submit: "Ingresar",
  submitting: "Ingresando…",
  wrongCredentials: "El email o la contraseña no son correctos.",
  throttled: (wait: string) => `Demasiados intentos fallidos. Probá de nuevo en ${wait}.`,
  missingFields: "Escribí el email y la contraseña.",
  reasons: {
    vencida: "Tu sesión se cerró por inactividad o porque pasaron 12 horas. Ingresá de nuevo.",
    salida: "Cerraste la sesión.",
    "paso-vencido": "Pasaron más de 5 minutos desde que escribiste la contraseña. Ingresá de nuevo.",
    "sin-cookie":
      "Tu navegador no guardó la sesión: la bandeja necesita HTTPS, o abrirse en la misma computadora que el servidor.",
  } as Record<string, string>,
  noOwner: {
    title: "Todavía no hay una cuenta de titular",
    text: "La bandeja no tiene contraseña por defecto: la cuenta la crea quien instaló el servidor, con tu email y una contraseña de al menos 12 caracteres que elegís vos. Pedíselo y después recargá esta página.",
    forInstaller: "Para quien instala el servidor: el comando, en la carpeta del proyecto",
    after:
      "La contraseña llega por la entrada estándar. El mismo comando cambia la contraseña y cierra todas las sesiones.",
  },
};

/** "45 segundos", "2 minutos". */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? "1 segundo" : `${seconds} segundos`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minuto" : `${minutes} minutos`;
}

export const layout = {
  title: "Bandeja",
  nav: {
    list: "Consultas",
    agenda: "Agenda",
    results: "Resultados",
    dataSubject: "Pedidos de datos",
    site: "Sitio",
    security: "Seguridad",
  },
  signedInAs: "Sesión de",
  /** What deploy/doctor.sh found wrong on its last run (decision 0027), in the owner's words (0035). */
  serverFindings: "El servidor necesita atención",
  serverFindingSeen: (when: string) => `Visto el ${when}.`,
  serverFindingWho:
    "Lo arregla quien instaló el servidor: el chequeo del servidor (deploy/doctor.sh) le dice qué hacer.",
  /** What is wrong, by the doctor's part of the server; a part not listed here reads `serverFindingOther`. */
  serverFindingParts: {
    dominio: "El dominio del sitio no apunta a este servidor: los visitantes pueden no encontrar el sitio.",
    certificado: "El certificado HTTPS del sitio falta, no es el correcto o no se renueva solo.",
    servicio: "El servicio que recibe las consultas no funciona bien: pueden perderse consultas.",
    nginx: "El servidor web no responde: nadie puede ver el sitio.",
    copias: "Las copias de las consultas fuera del servidor no están al día, o no están configuradas.",
    disco: "El disco del servidor está casi lleno.",
    reloj: "El reloj del servidor está desfasado: los códigos de la app de autenticación pueden fallar.",
    actualizaciones: "Hay actualizaciones de seguridad del sistema pendientes.",
    permisos: "Hay archivos con datos o contraseñas que otros usuarios del servidor podrían leer.",
    construccion: "El servidor no puede armar el sitio: publicar no funciona hasta que se arregle.",
  } as Record<string, string>,
  serverFindingOther: (part: string) => `El chequeo del servidor encontró un problema en «${part}».`,
  logout: "Salir",
  backup: {
    copy: "Copia fuera del servidor",
    never: "todavía ninguna",
    verified: "Última restauración verificada",
    noneVerified: "todavía ninguna",
    waiting: (pending: number) =>
      `${pending} ${pending === 1 ? "cambio espera" : "cambios esperan"}; se reintenta`,
    behind: "atrasada",
    stalled: "demorada",
    drillFailed: "La última restauración de prueba falló",
    off: "Copia fuera del servidor: desactivada (la activa quien instala el servidor)",
    /** What a restore that finds two installations' copies asks her to choose by. */
    installation: (id: string) => `Instalación ${id}`,
  },
};

export const statusLabels = {
  nuevo: "Nueva",
  contactado: "Contactada",
  archivado: "Archivada",
  spam: "Spam",
} as const;

export const list = {
  heading: "Consultas",
  counts: { new: "Nuevas", thisWeek: "Esta semana", toCallBack: "Para llamar" },
  countsHint: { toCallBack: "Nuevas cuyo WhatsApp no se abrió" },
  filters: {
    legend: "Filtrar",
    search: "Buscar",
    searchHint: "Nombre, teléfono o email",
    form: "Formulario",
    anyForm: "Todos",
    status: "Estado",
    anyStatus: "Todas menos spam",
    toCallBack: "Solo para llamar",
    thisWeek: "Solo esta semana",
    more: "Más filtros",
    apply: "Filtrar",
    clear: "Limpiar filtros",
  },
  export: "Exportar CSV",
  empty: "No hay consultas con estos filtros.",
  emptyInbox: "Todavía no llegó ninguna consulta. Aparecen acá apenas alguien envía un formulario.",
  showing: (from: number, to: number, total: number) =>
    `Mostrando ${from.toLocaleString("es-AR")}–${to.toLocaleString("es-AR")} de ${total.toLocaleString("es-AR")}`,
  newer: "Más nuevas",
  older: "Más antiguas",
  pagination: "Páginas",
  arrived: (count: number) =>
    count === 1 ? "Llegó 1 consulta nueva." : `Llegaron ${count} consultas nuevas.`,
  freshBadge: "Recién llegada",
  deleted: (count: number) => (count === 1 ? "Se eliminó la consulta." : `Se eliminaron ${count} consultas.`),
};

export const lead = {
  back: "Volver a la lista",
  proposeVisit: "Proponer visita",
  /** Once an offer exists: its state (and the visit's time) beside the link to it. */
  visit: "Estado de la visita",
  seeVisit: "Ver la visita",
  received: "Recibida",
  form: "Formulario",
  status: "Estado",
  handoff: "WhatsApp",
  page: "Página",
  answers: "Respuestas",
  details: "Datos del envío",
  userAgent: "Navegador",
  origin: "Origen de la visita",
  notification: "Aviso por email o webhook",
  notificationLabels: {
    pending: "pendiente (se reintenta)",
    sent: "enviado",
    failed: "falló después de varios intentos",
    "not-configured": "no hay avisos configurados",
    skipped: "no se avisa (spam)",
  },
  whatsapp: "WhatsApp",
  call: "Llamar",
  email: "Email",
  noName: "(sin nombre)",
  markContacted: "Marcar contactada",
  archive: "Archivar",
  markNew: "Volver a nueva",
  notSpam: "No es spam",
  statusChanged: (label: string) => `Estado cambiado a «${label}».`,
  delete: "Eliminar",
  confirmDelete: {
    title: "¿Eliminar esta consulta para siempre?",
    text: "Se borra de la base de datos y no se puede recuperar.",
    confirm: "Sí, eliminar",
    cancel: "Cancelar",
  },
  notFound: "Esa consulta no existe: tal vez ya se eliminó.",
};

export const dataSubject = {
  heading: "Pedidos de datos personales",
  lead: "Cuando una persona pide ver o borrar sus datos (Ley 25.326), buscá todas sus consultas por email o teléfono, exportalas para enviárselas (con sus visitas: dirección, quién abre, nombres y DNI para la guardia) y, si pide la supresión, eliminalas.",
  search: "Email o teléfono",
  searchHint: "El email completo, o el teléfono con cualquier formato (se comparan los últimos 8 dígitos).",
  find: "Buscar",
  found: (count: number, contact: string) =>
    count === 0
      ? `No hay consultas de ${contact}.`
      : count === 1
        ? `Hay 1 consulta de ${contact}.`
        : `Hay ${count} consultas de ${contact}.`,
  export: "Exportar sus datos (CSV)",
  delete: "Eliminar todas",
  confirm: {
    title: (count: number, contact: string) =>
      `¿Eliminar para siempre ${count === 1 ? "la consulta" : `las ${count} consultas`} de ${contact}?`,
    text: "Se borran de la base de datos, con sus avisos pendientes y sus visitas (horarios propuestos, visitas confirmadas con su dirección, nombres y DNI, y recordatorios), y no se pueden recuperar. Exportalas antes si la persona pidió una copia.",
    confirm: "Sí, eliminar todo",
    cancel: "Cancelar",
  },
  deleted: (count: number, contact: string) =>
    count === 1 ? `Se eliminó 1 consulta de ${contact}.` : `Se eliminaron ${count} consultas de ${contact}.`,
  retention: (months: number) =>
    `Además, las consultas de más de ${months} meses se eliminan solas una vez por día (el plazo lo fija quien instala el servidor).`,
};

export const notFoundInInbox = {
  title: "No existe esa página de la bandeja",
  back: "Ir a la lista de consultas",
};

export const results = {
  heading: "Resultados",
  lead: "Visitas contadas sin cookies ni identificadores, y las consultas guardadas, por semana, página, origen y torre. Conversión: consultas ÷ visitas.",
  period: "Período",
  periods: { semana: "Esta semana", "4-semanas": "Últimas 4 semanas", "12-meses": "Últimos 12 meses" },
  range: (from: string, to: string) => `Del ${from} al ${to} (días de Buenos Aires).`,
  columns: {
    visits: "Visitas",
    formsOpened: "Formularios abiertos",
    leads: "Consultas",
    leadsToWhatsApp: "Consultas a WhatsApp",
    whatsappTaps: "Toques en WhatsApp",
    conversion: "Conversión",
  },
  totals: "En el período",
  weeks: {
    heading: "Por semana",
    first: "Semana del",
    chartVisits: "Visitas y formularios abiertos por semana",
    chartLeads: "Consultas y consultas enviadas a WhatsApp por semana",
  },
  pages: { heading: "Por página", first: "Página" },
  sources: {
    heading: "Por origen",
    first: "Origen",
    note: `El sitio desde el que llegó la visita, o la campaña que figura en el enlace que siguió (por ejemplo una publicidad en Instagram); cada día se nombran los ${sourcesPerDay} más frecuentes y «otros» reúne el resto.`,
  },
  towers: { heading: "Por torre", first: "Página", name: "Torre" },
  waiting: {
    heading: "Consultas sin contactar después de 48 h",
    none: "Ninguna: todas las consultas de más de 48 h ya tienen respuesta.",
    more: (shown: number, total: number) => `Se muestran las ${shown} más recientes de ${total}.`,
    received: "Recibida",
  },
  empty: "Sin datos en este período.",
  funnel: {
    heading: "De la consulta al informe",
    lead: "Las consultas del período y hasta dónde llegó cada una: a cuántas les propusiste visita, cuántas eligieron horario, cuántas visitas hiciste y cuántos informes entregaste. Cada consulta cuenta una vez por paso.",
    steps: {
      leads: "Consultas",
      offered: "Visita propuesta",
      confirmed: "Visita confirmada",
      done: "Visita hecha",
      delivered: "Informe entregado",
    },
    ofLeads: (share: string) => `${share} de las consultas`,
    pages: "Por página",
    sources: "Por origen",
    towers: "Por torre",
  },
};

/** /bandeja/sitio: the business facts, their publication and history (decision 0020). */
export const siteEditor = {
  heading: "Datos del sitio",
  lead: "Lo que cambies acá queda como borrador hasta que lo publiques. Al publicar, todas las páginas del sitio cambian juntas, en español y en inglés.",
  unavailable:
    "Este servidor no publica el sitio (se sirve desde otro lugar): los datos los cambia quien instaló el servidor.",
  factsHeading: "Datos del estudio",
  photosLink: "Fotos de las torres y los tipos de propiedad",
  example: "Todavía es el ejemplo",
  published: "Publicado:",
  draft: "Borrador sin publicar",
  save: "Guardar borrador",
  saved: "Borrador guardado. Todavía no está en el sitio.",
  problems: "Estos datos no se guardaron; el resto quedó guardado como borrador. Corregí:",
  discard: "Descartar borrador",
  pendingHeading: "Para publicar",
  nothingPending: "No hay cambios sin publicar.",
  publish: "Publicar",
  preview: "Ver vista previa",
  previewHint:
    "La vista previa arma todas las páginas con estos datos (tarda lo mismo que publicar) y solo la ves vos.",
  previewPages: (count: number) =>
    `Vista previa lista: cambian ${count} ${count === 1 ? "página" : "páginas"} (solo las ves vos)`,
  publishHint: "Se te pide confirmar con tu llave de acceso o tu código antes de publicar.",
  /** A publication or undo this session asked for, shown after its confirmation, before it goes on. */
  held: {
    publishHeading: "¿Publicar estos cambios?",
    undoHeading: (number: number) =>
      number === 0 ? "¿Volver a los datos de la instalación?" : `¿Volver a la versión ${number}?`,
    publish: "Sí, publicar estos cambios",
    cancel: "Cancelar",
  },
  needsFactor: "Para publicar, agregá primero una llave de acceso o un código, en «Seguridad».",
  addFactor: "Agregar una llave de acceso o un código",
  publishedNow: (number: number) => `Publicada la versión ${number}: el sitio ya la muestra.`,
  /** Worded by the version it brings back, the one the owner chose («Volver a la versión 2»). */
  restoredNow: (restored: number | undefined, number: number) =>
    restored === 0
      ? `Listo: el sitio vuelve a mostrar los datos de la instalación (queda como versión ${number}).`
      : restored === undefined
        ? `Listo: el sitio vuelve a mostrar lo de antes (versión ${number}).`
        : `Listo: el sitio vuelve a mostrar la versión ${restored} (queda como versión ${number}).`,
  historyHeading: "Versiones publicadas",
  noHistory: "Todavía no publicaste nada: el sitio muestra los datos de la instalación.",
  current: "Es la que se ve ahora",
  by: "por",
  restore: (number: number) => `Volver a la versión ${number}`,
  restoreInstalled: "Volver a los datos de la instalación",
  checklistHeading: (count: number) =>
    count === 0
      ? "Listo para lanzar"
      : `Antes de lanzar: ${count} ${count === 1 ? "pendiente" : "pendientes"}`,
  checklistLead:
    "Lo que falta para que el sitio muestre solo datos reales. Los datos del estudio se corrigen arriba; los de las torres, en su página de «Torres»; las fotos, en «Fotos».",
  checklistMore: (count: number) => `Y ${count} más del catálogo de torres.`,
  checklistPhotos: (count: number) =>
    `${count} ${count === 1 ? "imagen todavía es un dibujo generado" : "imágenes todavía son dibujos generados"}: subí fotos.`,
  installation: "Datos de la instalación",
  siteAddress: "La dirección del sitio la fija quien lo instala:",
  siteAddressExample:
    "Todavía es una dirección de ejemplo: pedile a quien instaló el servidor que ponga la del sitio.",
  installationLead:
    "Si la dirección cambia (un dominio nuevo), se lo pedís a quien instaló el servidor: no se cambia desde acá.",
};

/** The towers of the site's editor (/bandeja/sitio/torres). */
export const towerEditor = {
  heading: "Torres del sitio",
  lead: "Cada torre con sus datos, de dónde salió cada uno y si está confirmado. Lo que cambies queda como borrador: se publica desde «Datos del sitio», con todo lo demás.",
  back: "Volver a los datos del sitio",
  backToList: "Volver a las torres",
  link: "Torres: confirmar, corregir, agregar o retirar",
  pending: (count: number) =>
    count === 0 ? "Todo confirmado" : `${count} ${count === 1 ? "dato" : "datos"} a confirmar`,
  states: { catálogo: "", agregada: "Agregada", retirada: "Retirada" },
  underConstruction: "En construcción",
  draft: "Cambios sin publicar",
  saved: "Guardado como borrador. Se publica desde «Datos del sitio».",
  confirmed: "Confirmado",
  unknown: "Sin dato",
  summary: (towers: number, pending: number) =>
    `${towers} torres en el sitio · ${pending} ${pending === 1 ? "dato" : "datos"} a confirmar`,
  toConfirm: "A confirmar",
  source: "Fuente:",
  confirm: (label: string) => `Confirmar ${label.toLowerCase()}`,
  confirmAll: (count: number) =>
    count === 1 ? "Confirmar el dato y seguir" : `Confirmar los ${count} datos y seguir`,
  confirmAllLead:
    "Si revisaste los datos «a confirmar» de abajo y están bien, confirmalos juntos: pasás a la próxima torre con datos a confirmar. Una dirección o unos amenities vacíos quedan a confirmar hasta que los escribas.",
  confirmedAll: (name: string) =>
    `Confirmados los datos de ${name} (borrador: se publica desde «Datos del sitio»).`,
  reviewed: "La revisé",
  confirmReviewed: "Confirmar todas las revisadas",
  confirmReviewedLead:
    "Marcá «La revisé» en cada torre cuyos datos ya miraste y confirmalos todos de una vez.",
  confirmedReviewed: (count: number) =>
    count === 1
      ? "Confirmados los datos de 1 torre (borrador)."
      : `Confirmados los datos de ${count} torres (borrador).`,
  noneReviewed: "Marcá «La revisé» en al menos una torre.",
  statusLabel: "Estado (valor)",
  correct: "Guardar corrección",
  correctHint: "Corregir un dato también lo confirma.",
  statusHeading: "Estado de la obra",
  markUnderConstruction: "Marcar en construcción",
  markFinished: "Marcar terminado",
  retireHeading: "Retirar la torre",
  retireLead:
    "Al publicar, su página deja de existir en los dos idiomas y su dirección lleva a la lista de torres (redirección permanente), para que los enlaces viejos no terminen en un error.",
  retire: "Retirar esta torre",
  restore: "Volver a mostrar esta torre",
  addHeading: "Agregar una torre",
  addLead:
    "Al publicar, su página aparece en español y en inglés, en la lista de torres y en el mapa del sitio. La dirección y los amenities que dejes vacíos quedan «a confirmar».",
  slug: "Dirección web de la página",
  slugHint:
    "Se arma sola con el nombre (podés cambiarla): minúsculas sin acentos, números y guiones, hasta 60. Si la dejás vacía, se usa la del nombre.",
  name: "Nombre de la torre",
  add: "Agregar la torre",
  statusFinished: "Terminado",
  statusBuilding: "En construcción",
  notFound: "No existe esa torre.",
  accessHeading: "Acceso al edificio para las visitas",
  accessLead:
    "Lo que pide el edificio para dejar entrar a una visita. Se publica con los demás datos de la torre y aparece en la página donde el cliente elige el horario y en la invitación; no se muestra en la página pública de la torre. Lo que no sepas, dejalo vacío.",
  accessGuestList: { unknown: "No sé", yes: "Sí, los pide", no: "No los pide" },
  accessSave: "Guardar el acceso",
};

/** A publication or preview under way on /bandeja/sitio, read out as it goes (decision 0020). */
export const publicationProgress = {
  heading: "Estado de la publicación",
  publishing: (seconds: number) =>
    `Publicando… ${seconds} s. Se arman todas las páginas; esta página se actualiza sola.`,
  previewing: (seconds: number) => `Armando la vista previa… ${seconds} s. Esta página se actualiza sola.`,
  starting: "Publicando… Se arman todas las páginas.",
  startingPreview: "Armando la vista previa…",
  published: (number: number, seconds: number) =>
    `Publicado: versión ${number}, en ${seconds} s. El sitio ya la muestra.`,
  previewed: (pages: number, seconds: number) =>
    `Vista previa lista, en ${seconds} s: cambian ${pages} ${pages === 1 ? "página" : "páginas"}.`,
  notPublished: (message: string) => `No se publicó: ${message}`,
  notPreviewed: (message: string) => `No se armó la vista previa: ${message}`,
  waiting: "Esperá a que termine para publicar o ver otra vista previa.",
};
