import type { ReportDue, ReportState } from "../../lib/report-clock.ts";

/** The owner's words for the visits' pages (decision 0039). */
export const agenda = {
  heading: "Agenda de visitas",
  lead: "Los días y horarios en que podés hacer visitas. Al proponer una visita desde una consulta, los horarios se eligen dentro de estos.",
  week: "Días y horarios",
  opens: "desde",
  closes: "hasta",
  rules: "Reglas",
  buffer: "Tiempo de traslado entre visitas (minutos)",
  notice: "Aviso mínimo antes de una visita (horas)",
  duration: "Duración de una visita (minutos)",
  offerHours: "Horas que una propuesta queda abierta",
  exceptions: "Días distintos",
  exceptionsHelp: "Uno por línea: «2026-12-24 cerrado» o «2026-12-26 10:00-13:00».",
  save: "Guardar agenda",
  saved: "Agenda guardada.",
};

export const proposeVisit = {
  heading: "Proponer visita",
  lead: (language: string) =>
    `Elegí de 1 a 3 horarios. El cliente recibe un enlace en ${language} y confirma uno con un toque; el primero que elige un horario se lo queda.`,
  spanish: "español",
  english: "inglés",
  agendaLink: "Ver la agenda",
  window: (row: number) => `Horario ${row}`,
  date: "Día",
  start: "Hora (Buenos Aires)",
  minutes: "Minutos",
  submit: "Crear propuesta",
  ready: "Propuesta lista",
  sendWhatsApp: "Enviar por WhatsApp",
  mailed: {
    sent: "También se envió por e-mail.",
    failed:
      "No se pudo enviar por e-mail (el servidor de correo no respondió): enviala por WhatsApp o copiá el enlace.",
    "no-address": "La consulta no dejó e-mail: enviala por WhatsApp.",
    "no-mail-server":
      "Este servidor todavía no envía e-mails (falta configurar el correo): enviala por WhatsApp o copiá el enlace.",
  },
  link: "Enlace del cliente",
  offeredElsewhere: "Horarios ya ofrecidos a otras consultas (siguen libres hasta que alguien elija)",
  offers: "Propuestas de esta consulta",
  sent: "enviada",
  expires: "vence",
  notFound: "Consulta no encontrada",
};

/** The reminders the owner sends by hand: clients who left only a phone (decision 0041). */
export const whatsappReminders = {
  heading: "Recordatorios por WhatsApp para enviar",
  lead: "Estos clientes dejaron solo teléfono. Tocá «Enviar por WhatsApp»: se abre el mensaje ya escrito y el recordatorio sale de esta lista. Si tu navegador no lo saca solo, tocá «Ya lo envié».",
  markSent: "Ya lo envié",
  marked: "Recordatorio marcado como enviado.",
  none: "No hay recordatorios pendientes.",
  send: "Enviar por WhatsApp",
  alreadySent: "Ese recordatorio ya estaba enviado o su visita ya no está.",
};

/** The owner's private calendar feed (decision 0041). */
export const calendarFeed = {
  heading: "Calendario en tu teléfono",
  lead: "Tus visitas aparecen solas en el calendario del teléfono y se actualizan cuando un cliente elige, cambia o cancela. Muestra cuándo, dónde, el nombre del cliente y cómo entrar; el teléfono, el e-mail, los DNI y las notas quedan en la bandeja.",
  none: "Todavía no creaste la dirección del calendario.",
  since: (when: string) =>
    `Tenés una dirección creada el ${when}. Por seguridad no se guarda ni se vuelve a mostrar: si la perdiste o querés sumar otro teléfono, creá una nueva (la anterior deja de funcionar en ese momento).`,
  create: "Crear la dirección del calendario",
  replace: "Crear una dirección nueva",
  confirmNote: "Te pedimos confirmar con tu llave o código, porque la dirección da acceso a tus visitas.",
  ready: "Dirección nueva lista",
  readyNote:
    "Copiala ahora: no se vuelve a mostrar. Cualquiera que la tenga ve tus visitas, así que no la compartas.",
  address: "Dirección del calendario",
  subscribeHere: "Suscribirme en este iPhone",
  iphone: "En el iPhone",
  iphoneSteps: [
    "Abrí esta página en el iPhone y tocá «Suscribirme en este iPhone», y después «Suscribirse».",
    "O bien: Ajustes › Calendario › Cuentas › Añadir cuenta › Otra › Añadir calendario suscrito, pegá la dirección y tocá «Siguiente».",
    "Para que se actualice seguido: Ajustes › Calendario › Cuentas › Obtener datos › cada 15 minutos.",
  ],
  google: "En Google Calendar (Android)",
  googleSteps: [
    "En una computadora, abrí calendar.google.com.",
    "A la izquierda, junto a «Otros calendarios», tocá «+» y elegí «Desde URL».",
    "Pegá la dirección y tocá «Añadir calendario». Aparece en la app Google Calendar del teléfono; Google lo actualiza cada algunas horas.",
  ],
};

/** When a report is due, as the owner says it: «hoy a las 15:00», «mañana a las 10:00», «el 14/12 a las 10:00». */
function dueWhen(due: ReportDue): string {
  const day =
    due.daysAway === 0
      ? "hoy"
      : due.daysAway === 1
        ? "mañana"
        : due.daysAway === -1
          ? "ayer"
          : `el ${due.date}`;
  return `${day} a las ${due.clock}`;
}

/** After the visit (decision 0043): what happened, and the report's clock. */
export const afterVisit = {
  done: "Visita hecha",
  noShow: "No vino",
  rescheduled: "Reprogramada",
  delivered: "Informe entregado",
  what: "¿Cómo salió la visita?",
  notStartedNote: "«Visita hecha» y «No vino» aparecen cuando llega la hora de la visita.",
  rescheduledNote:
    "«Reprogramada» libera el horario y cancela los recordatorios pendientes; después proponé horarios nuevos acá abajo.",
  marked: {
    hecha: "Visita marcada como hecha: empezó a correr el plazo del informe.",
    "no-vino": "Marcada: el cliente no vino. Los recordatorios pendientes se cancelaron.",
    reprogramada:
      "Horario liberado y recordatorios cancelados. Proponé horarios nuevos en el formulario de abajo.",
    informe: "Informe marcado como entregado.",
  },
  notStarted:
    "La visita todavía no empezó: «Visita hecha» y «No vino» se marcan después de su hora de inicio.",
  closed: "Esa visita ya no está confirmada o el informe ya estaba entregado: mirá su estado.",
  /** A done visit's report as one line: delivered, late since when, or due by when. */
  report: (report: { state: ReportState; due: ReportDue }) =>
    report.state === "delivered"
      ? "Informe entregado"
      : report.state === "late"
        ? `Informe atrasado: había que entregarlo ${dueWhen(report.due)}`
        : `Informe para entregar ${dueWhen(report.due)}`,
};

/** The reports still to deliver, on the agenda (decision 0043). */
export const reportsToDeliver = {
  heading: "Informes por entregar",
  lead: "Desde el fin de cada visita hecha corre el plazo que el sitio promete para el informe. Cuando lo mandes, tocá «Informe entregado».",
  none: "No hay informes pendientes.",
  late: "Atrasado",
  due: "En plazo",
  visit: "Visita",
  deliver: "Informe entregado",
  /** On the list of leads: how many reports wait, how many of them late; a link to the agenda. */
  summary: (waiting: number, late: number) =>
    `${waiting === 1 ? "1 informe por entregar" : `${waiting} informes por entregar`}${late > 0 ? ` (${late === 1 ? "1 atrasado" : `${late} atrasados`})` : ""}`,
};
