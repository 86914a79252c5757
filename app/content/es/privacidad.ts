import { site } from "../../config/site.ts";
import { backupRetentionDays } from "../../lib/backup-retention.ts";
import type { PageMetaCopy } from "../types.ts";
import { claims } from "./claims.ts";
import { sourcesPerDay, visitDaysKept } from "../../lib/visit-beacon.ts";

export const meta: PageMetaCopy = {
  title: `Política de privacidad | ${site.businessName}`,
  description: `Qué datos recibe ${site.businessName} por sus formularios, para qué, por cuánto tiempo y cómo pedir verlos, corregirlos o borrarlos (Ley 25.326).`,
  keywords: ["política de privacidad", "datos personales", "Ley 25.326"],
};

/** When this text last changed; a new version gets a new date. */
const updated = "25 de noviembre de 2026";

const hasService = site.formServiceUrl !== "none";
const months = site.leadsRetentionMonths;
/** The visit counts' period in whole months (400 days: 13). */
const visitMonthsKept = Math.floor(visitDaysKept / 30.4);

export type PolicySection = { id: string; title: string; paragraphs: readonly string[] };

/** The full policy (product decision 15); each form links here from its short notice. */
export const privacy = {
  eyebrow: "Datos personales",
  title: "Política de privacidad",
  lead: `Qué hacemos con los datos que nos dejás en este sitio, en pocas palabras: los usamos solo para responderte, no los compartimos con nadie y los borramos a los ${months} meses.`,
  updated: `Última actualización: ${updated}.`,
  sections: [
    {
      id: "responsable",
      title: "Quién es responsable de tus datos",
      paragraphs: [
        `${site.businessName}, a cargo de ${site.appraiserName} (${claims.registration}), con domicilio en ${site.streetAddress}, ${site.locality}. Para cualquier consulta sobre tus datos escribinos a ${site.email}.`,
      ],
    },
    {
      id: "datos",
      title: "Qué datos recibimos",
      paragraphs: [
        "Solo los que escribís en los formularios: tu nombre, tu teléfono o WhatsApp, tu email y los datos de la propiedad o de la inversión que consultás (tipo, dirección, superficies, ambientes, comentarios y similares).",
        hasService
          ? "Con cada solicitud guardamos además la página desde la que la enviaste, la fecha y hora, el navegador que usaste y una huella cifrada de tu dirección IP (no la dirección misma), que sirve para frenar envíos abusivos. También guardamos cómo llegaste al sitio en esa visita: la primera página que abriste, el dominio del sitio que te trajo (por ejemplo www.google.com, nunca la dirección completa), los parámetros de campaña de esa primera dirección (utm_source, utm_medium, utm_campaign), el idioma de la página y si usás un teléfono o una computadora."
          : "Este sitio no guarda tus respuestas: las recibimos en el mensaje de WhatsApp que vos enviás.",
      ],
    },
    {
      id: "finalidad",
      title: "Para qué los usamos",
      paragraphs: [
        "Para responder tu solicitud: preparar la tasación o la consulta que pediste y contactarte por WhatsApp, teléfono o email. No los usamos para nada más, no los vendemos ni los cedemos, y no te sumamos a ninguna lista de correo sin tu consentimiento expreso.",
      ],
    },
    {
      id: "obligatorios",
      title: "Qué datos son obligatorios",
      paragraphs: [
        "En cada formulario, los campos marcados con * son necesarios para responderte; el resto es opcional. Si no los completás, o si tus datos de contacto no son correctos, no vamos a poder responderte.",
      ],
    },
    {
      id: "destinatarios",
      title: "Quién los recibe",
      paragraphs: [
        `Solo ${site.businessName}. Los proveedores que alojan el sitio y entregan los avisos por email los tratan por cuenta nuestra y para nada más.`,
        "Si elegís enviar tu solicitud por WhatsApp, el mensaje viaja además por WhatsApp (de Meta), según sus propias condiciones.",
      ],
    },
    {
      id: "conservacion",
      title: "Dónde se guardan y por cuánto tiempo",
      paragraphs: [
        hasService
          ? `Tu solicitud se guarda en la base de datos del sitio, a la que solo accede ${site.appraiserName}. La conservamos ${months} meses desde que la recibimos y después la borramos; si nos pedís que la borremos antes, lo hacemos. Además guardamos una copia de seguridad cifrada fuera del servidor: lo que borramos desaparece también de esa copia en ${backupRetentionDays} días como máximo.`
          : `Conservamos las conversaciones de WhatsApp ${months} meses y después las borramos; si nos pedís que las borremos antes, lo hacemos.`,
      ],
    },
    {
      id: "derechos",
      title: "Tus derechos y cómo ejercerlos",
      paragraphs: [
        `Podés pedirnos ver los datos que tenemos sobre vos, corregirlos, actualizarlos o borrarlos. Escribinos a ${site.email} desde el email o el teléfono que usaste en tu solicitud, así sabemos que sos vos.`,
        "Respondemos los pedidos de acceso dentro de los 10 días corridos y los de corrección, actualización o supresión dentro de los 5 días hábiles, como establece la Ley 25.326 (artículos 14 y 16).",
      ],
    },
    {
      id: "navegador",
      title: "Lo que guarda tu navegador",
      paragraphs: [
        "El sitio no usa cookies ni carga scripts de terceros. Mientras completás un formulario, tus respuestas quedan en el almacenamiento de esa pestaña de tu navegador (sessionStorage), para que no se pierdan si recargás la página; se borran al enviarlas o al cerrar la pestaña, y nunca salen de tu equipo por esa vía.",
        hasService
          ? "En ese mismo almacenamiento de la pestaña queda también cómo llegaste (la primera página, el dominio que te trajo y la campaña), para enviarlo con tu solicitud; se borra al cerrar la pestaña."
          : "Este sitio no cuenta visitas ni guarda nada de tu navegación.",
      ],
    },
    ...(hasService
      ? [
          {
            id: "visitas",
            title: "Cómo contamos las visitas",
            paragraphs: [
              "Contamos las visitas sin cookies y sin identificarte. Cuando una página terminó de cargar, tu navegador le envía a este mismo sitio un aviso con cuatro datos: la página, qué pasó (se vio la página, se abrió un formulario o se tocó un enlace de WhatsApp), el dominio del sitio que te trajo a la primera página y la campaña de esa dirección (utm_campaign, o utm_source si no hay campaña).",
              `Guardamos solo cuántos avisos llegaron cada día por página e idioma, y cuántos por sitio de procedencia y campaña (cada día, los ${sourcesPerDay} más frecuentes por nombre y el resto sumado como «otros»). Estas sumas diarias se borran a los ${visitMonthsKept} meses. No guardamos tu dirección IP, ni tu navegador, ni ningún identificador, y no se puede saber qué visitas son de la misma persona. Tu dirección IP se usa un instante, en memoria, para limitar los avisos por minuto; el nombre de tu navegador, para no contar a los buscadores y otros programas automáticos. Ninguno de los dos se guarda.`,
            ],
          },
        ]
      : []),
    {
      id: "cambios",
      title: "Cambios en esta política",
      paragraphs: ["Si la cambiamos, publicamos aquí la versión nueva con su fecha."],
    },
  ] satisfies PolicySection[],
  authorityTitle: "Órgano de control",
} as const;
