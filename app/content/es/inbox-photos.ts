/** The words of the inbox's photo page (/bandeja/sitio/fotos), in Spanish. */
export const sitePhotos = {
  heading: "Fotos del sitio",
  lead: "Cada torre y cada tipo de propiedad muestra un dibujo generado hasta que subas una foto. La foto se recorta al formato de las tarjetas (16:10, desde el centro), se le borran la ubicación (GPS) y los datos de la cámara, y queda como borrador hasta que publiques.",
  backToSite: "Volver a Datos del sitio",
  unavailable:
    "Este servidor no publica el sitio (se sirve desde otro lugar): las fotos las cambia quien instaló el servidor.",
  artworkLeft: (count: number, total: number) =>
    count === 0
      ? `Las ${total} imágenes del catálogo ya son fotos.`
      : `${count} de ${total} lugares todavía muestran un dibujo generado.`,
  publishWhere: "Las fotos se publican junto con los datos, con «Publicar» en Datos del sitio.",
  publishLink: "Ir a publicar",
  saved: (label: string) => `Foto guardada como borrador: ${label}. Todavía no está en el sitio.`,
  reverted: (label: string) => `Borrador guardado: ${label} vuelve a mostrar el dibujo generado al publicar.`,
  now: "En el sitio ahora",
  artwork: "Dibujo generado",
  photo: "Foto",
  draft: "Borrador sin publicar",
  draftArtwork: "Vuelve al dibujo generado",
  seePage: "Ver la página",
  change: "Subir o cambiar la foto",
  altEs: "Qué muestra la foto, en español",
  altEsHint:
    "Por ejemplo: «Fachada de la torre desde el Dique 3, al atardecer». Lo leen quienes no pueden ver la foto.",
  altEn: "Qué muestra la foto, en inglés",
  altEnHint:
    "Opcional. Lo mismo en inglés («The tower's façade from Dock 3 at dusk»); si la dejás vacía, se escribe sola con el nombre del lugar («Alvear Tower, a residential tower in Puerto Madero, Buenos Aires»).",
  file: "Foto",
  fileHint: (formats: string, megabytes: number, minSize: string, heic: boolean) =>
    `${formats}, hasta ${megabytes} MB, de al menos ${minSize} píxeles.${
      heic
        ? ""
        : " Este servidor no lee HEIC: en el iPhone, elegí Ajustes › Cámara › Formatos › «Más compatible», o compartí la foto como JPEG."
    } Para cambiar solo los textos, dejala sin elegir.`,
  upload: "Guardar como borrador",
  revert: "Volver al dibujo generado",
  refusedHeading: "No se guardó",
} as const;
