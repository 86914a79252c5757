/**
 * The residential towers of the catalogue, from the facts in the project's
 * towers data (name, address, amenities and where each fact came from). Pages
 * print how many there are from this list (tower-count.ts).
 * `verified: false` entries must be checked by the owner before publishing:
 * `npm run check:release` lists them.
 */
export type Tower = {
  slug: string;
  nombre: string;
  direccion: string;
  amenities: string;
  /** Separate towers in the building (a pair of twin towers is 2); 1 when absent. */
  volumes?: number;
  /**
   * Storeys as the sources give them (the upper bound of a range): one number
   * for every volume, or one per volume, front-most last.
   */
  floors?: readonly number[];
  /** Height in metres, when a source gives it but not the storeys. */
  heightMetres?: number;
  /** Storeys step back as they rise ("escalonados"). */
  terraced?: boolean;
  verified: boolean;
  source: string;
};

export const towers: readonly Tower[] = [
  {
    slug: "alvear-tower",
    nombre: "Alvear Tower",
    direccion: "Azucena Villaflor 559, Dique 2, Puerto Madero",
    amenities:
      "Pileta semiolímpica, spa y gimnasio, cancha de tenis, microcine, simuladores de golf, salones de usos múltiples, restaurante y cava de vinos",
    floors: [54],
    verified: true,
    source:
      "https://lanacion.com.ar/propiedades/construccion-y-diseno/piso-54-como-es-la-vista-desde-el-departamento-mas-alto-de-buenos-aires-nid08012021 (ubica la torre en Azucena Villaflor al 500); el número 559 aparece en fuentes públicas secundarias y es.nearbywiki.org/detail/5189799 indica 581: confirmar el número. 54 pisos, 235-239 m. Amenities: también modernabuenosaires.org/index.php/obras/2010s/alvear-tower",
  },
  {
    slug: "renoir-i-ii",
    nombre: "Renoir I & II",
    direccion: "Dique 2, Puerto Madero Este (calle y número a confirmar)",
    amenities:
      "Pileta cubierta, gimnasio, spa con sauna seco y húmedo, sala de masajes, microcine, lavadero de mascotas y acceso por huella dactilar",
    volumes: 2,
    floors: [41, 51],
    verified: false,
    source:
      "Dirección no hallada en fuentes públicas; 'dique 2' según La Nación 10/08/2009 (d.documentop.com/buenos-aires-capital-de-los-rascacielos_599a86911723dde6c93c1694.html). Amenities: https://www.lanacion.com.ar/economia/vivir-cerca-del-cielo-nid1215384 (torre I). Renoir I 41 pisos (~136 m), Renoir II 50-51 pisos (~175 m)",
  },
  {
    slug: "mulieris",
    nombre: "Mulieris",
    direccion: "Azucena Villaflor 489 (entre Aimé Painé y Martha Salotti), Dique 2, Puerto Madero",
    amenities:
      "Pileta, solárium, gimnasio, jardín sobre el basamento, locales comerciales y preparación para domótica",
    volumes: 2,
    floors: [43],
    verified: true,
    source:
      "https://modernabuenosaires.org/obras/2000s/mulieris-puerto-madero — dos torres de 43 pisos, ~160 m",
  },
  {
    slug: "torres-el-faro",
    nombre: "Torres El Faro",
    direccion: "Azucena Villaflor 669, Dique 2, Puerto Madero",
    amenities:
      "Pileta descubierta, spa, sauna, gimnasio, mirador vidriado en el último nivel y jardín de 6.000 m² en planta baja",
    volumes: 2,
    floors: [46],
    verified: true,
    source:
      "http://www.modernabuenosaires.org/obras/2000s/torres-el-faro ; amenities también urbipedia.org/hoja/Torres_El_Faro — dos torres de 46 pisos, 160 m",
  },
  {
    slug: "chateau-puerto-madero",
    nombre: "Château Puerto Madero",
    direccion:
      "Dique 2, Puerto Madero Este, en el grupo de torres del Bvd. Azucena Villaflor (número a confirmar)",
    amenities:
      "Pileta, gimnasio, spa, bar, microcine, salón de fiestas, canchas de tenis, juegos infantiles y peluquería",
    floors: [50],
    verified: false,
    source:
      "Dirección no hallada; ubicación por modernabuenosaires.org/index.php/obras/2010s/alvear-tower (vecina de Mulieris, El Faro y Alvear Tower). Amenities: tn.com.ar (22/03/2023, nota sobre la estadía de Messi). 50 pisos, ~156 m, 203 unidades",
  },
  {
    slug: "le-parc-puerto-madero",
    nombre: "Le Parc Puerto Madero",
    direccion: "Dique 2, Puerto Madero Este (calle y número a confirmar)",
    amenities:
      "Tres piletas, cocheras y espacios comunes; conjunto de tres torres con cuatro departamentos por piso",
    volumes: 3,
    floors: [44],
    verified: false,
    source:
      "Dirección no hallada. Proyecto de Raghsa de tres torres de 44 pisos: https://www.lanacion.com.ar/sociedad/en-puerto-madero-este-se-palpa-la-reactivacion-nid499577 ; zona Dique 2 según nota sobre Mulieris. No confundir con Le Parc Figueroa Alcorta (Palermo)",
  },
  {
    slug: "torres-del-yacht",
    nombre: "Torres del Yacht",
    direccion:
      "Dique 4, Puerto Madero Este, frente al Hotel Hilton y la Torre YPF (calle y número a confirmar)",
    amenities: "Pileta, solárium y gimnasio en un volumen bajo dedicado a amenities",
    volumes: 2,
    heightMetres: 138,
    verified: false,
    source:
      "Calle no hallada; ubicación por https://clarin.com/arq/arquitectura/divina-comida-secretos-triplex-2-millones-dolares-floppy-tesouro_0_NyRFnnuY.html — dos torres de ~138 m",
  },
  {
    slug: "madero-center",
    nombre: "Madero Center",
    direccion:
      "Malecón Pierina Dealessi, entre Macacha Güemes y Trinidad Guevara, Dique 4, Puerto Madero (número a confirmar)",
    amenities:
      "Cuatro piletas (dos cubiertas), spa con sauna, gimnasio, dos SUM, bar, business center y conserjería",
    floors: [9],
    verified: true,
    source:
      "http://www.nuevopuertomadero.com/?Visitamos_Madero_Center&page=ampliada&id=137 (calles de acceso; la fuente no da número; el frente sobre Av. Juana Manso es de oficinas). 9 pisos, 208 departamentos",
  },
  {
    slug: "zencity-torre-ambar",
    nombre: "Zencity – Torre Ámbar",
    direccion: "Rosario Vera Peñaloza 415 (complejo Zencity), Dique 1, Puerto Madero",
    amenities: "Jardín central de 8.500 m² con piletas y cascadas, compartido por el complejo",
    floors: [25],
    verified: true,
    source:
      "https://modernabuenosaires.org/obras/2000s/zencity (dirección del complejo) — torre de 25 niveles",
  },
  {
    slug: "zencity-torre-rubi",
    nombre: "Zencity – Torre Rubí",
    direccion: "Rosario Vera Peñaloza 415 (complejo Zencity), Dique 1, Puerto Madero",
    amenities: "Acceso al jardín central del complejo, de 8.500 m², con piletas y cascadas",
    floors: [25],
    verified: true,
    source:
      "https://modernabuenosaires.org/obras/2000s/zencity (dirección del complejo) — torre de 25 niveles",
  },
  {
    slug: "harbour-tower",
    nombre: "Harbour Tower",
    direccion: "Julieta Lanteri 1775, esquina Lola Mora (Madero Harbour), Dique 1, Puerto Madero",
    amenities:
      "SUM, parrillas, sauna, gimnasio, piletas cubierta y descubierta, áreas verdes, laundry y valet parking",
    floors: [53],
    verified: true,
    source:
      "https://lanacion.com.ar/propiedades/construccion-y-diseno/la-torre-de-lujo-que-quiere-ser-un-emblema-en-el-skyline-de-buenos-aires-nid10022023 ; amenities: mktdeobras.com.ar/harbour-tower-la-segunda-torre-mas-alta-del-pais/ — 52-53 pisos, ~190-194 m; obra en etapa final según notas 2023-2025: confirmar si ya está habitada",
  },
  {
    slug: "faena-aleph-residences",
    nombre: "Faena Aleph Residences",
    direccion: "Av. Juana Manso, Faena District, Dique 2, Puerto Madero (número a confirmar)",
    amenities: "Pileta infinita en la azotea, jardín parquizado y locales gastronómicos en planta baja",
    floors: [9],
    verified: true,
    source:
      "http://simbiosisgroup.net/29461/foster-partners-completes-first-project-in-latin-america (ubicado sobre Av. Juana Manso; sin número) — 9 pisos, 50 departamentos, Foster + Partners",
  },
  {
    slug: "sls-puerto-madero",
    nombre: "SLS Puerto Madero",
    direccion: "Dique 1, frente al espejo de agua, Puerto Madero (calle y número a confirmar)",
    amenities: "Balcones terraza con cocina-parrilla, plaza interna y hotel boutique SLS dentro del complejo",
    volumes: 2,
    floors: [33],
    verified: false,
    source:
      "Dirección no hallada. https://www.lanacion.com.ar/propiedades/puerto-madero-abandona-estigma-barrio-fantasma-nid2342724 ; https://clarin.com/arq/arquitectura/complejo-redefine-estilo-puerto-madero_0_tj8aZd1Oq.amp.html ; estudiofittipaldi.com/html/?p=1264 — dos torres de 30-33 pisos",
  },
  {
    slug: "oceana-puerto-madero",
    nombre: "Oceana Puerto Madero",
    direccion: "Dique 2, frente al Faena Hotel, sobre el espejo de agua (calle y número a confirmar)",
    amenities:
      "Plaza de 7.200 m² con obras de arte que une dos edificios de ocho pisos; arte también en los espacios comunes",
    verified: false,
    source:
      "Dirección no hallada; ubicación por http://www.perfil.com/noticias/protagonistas/juntos-nos-potenciamos-aseguran-alan-faena-y-eduardo-costantini.phtml ; datos: lanacion.com.ar (18/07/2022, Oceana Puerto Madero)",
  },
  {
    slug: "madero-harbour-harbour-residences",
    nombre: "Madero Harbour – Harbour Residences",
    direccion: "Madero Harbour, Dique 1, Puerto Madero (calle y número a confirmar)",
    amenities: "Amenities a confirmar con la administración",
    verified: false,
    source:
      "Existencia: https://mktdeobras.com.ar/harbour-tower-la-segunda-torre-mas-alta-del-pais/ (torre residencial de Madero Harbour). Dirección y amenities no hallados",
  },
  {
    slug: "madero-harbour-harbour-house",
    nombre: "Madero Harbour – Harbour House",
    direccion: "Av. Juana Manso 1700 (Madero Harbour), Dique 1, Puerto Madero",
    amenities: "Amenities a confirmar con la administración",
    verified: true,
    source:
      "https://lanacion.com.ar/propiedades/el-barrio-mas-joven-en-pujante-desarrollo-nid1787284 (dirección); amenities no hallados",
  },
  {
    slug: "faena-el-porteno-building",
    nombre: "Faena – El Porteño Building",
    direccion: "Martha Salotti 445 (Faena District), Dique 2, Puerto Madero",
    amenities: "Amenities a confirmar (edificio que aloja el Faena Hotel y residencias)",
    verified: false,
    source:
      "Sin fuente pública consultada: dirección y uso residencial según conocimiento general; verificar antes de publicar",
  },
  {
    slug: "faena-los-molinos-building",
    nombre: "Faena – Los Molinos Building",
    direccion: "Faena District, Dique 2, Puerto Madero (calle y número a confirmar)",
    amenities: "Amenities a confirmar",
    verified: false,
    source:
      "Sin fuente pública consultada: nombre y uso residencial según conocimiento general; verificar existencia y dirección antes de publicar",
  },
  {
    slug: "the-link-towers",
    nombre: "The Link Towers",
    direccion: "Dique 1, Puerto Madero (calle y número a confirmar)",
    amenities: "Amenities a confirmar",
    volumes: 2,
    verified: false,
    source:
      "Solo mencionado en material público secundario como desarrollo de Vizora y Fernández Prieto; ubicación en Dique 1 según conocimiento general; verificar",
  },
  {
    slug: "bayres-dock",
    nombre: "Bayres Dock",
    direccion:
      "Olga Cossettini y Bvd. Azucena Villaflor, sobre el paseo Pierina Dealessi, Dique 2, Puerto Madero (número a confirmar)",
    amenities: "SUM, gimnasio y pileta cubierta climatizada; locales comerciales sobre el paseo del dique",
    verified: true,
    source:
      "https://modernabuenosaires.org/obras/2010s/bayres-dock (calles; sin número) — edificio bajo frente al Dique 2",
  },
  {
    slug: "zencity-edificio-zafiro",
    nombre: "Zencity – Edificio Zafiro",
    direccion:
      "Rosario Vera Peñaloza 415 (complejo Zencity, frente sobre Rosario Vera Peñaloza), Dique 1, Puerto Madero",
    amenities:
      "Doce unidades con terraza y pileta propias; acceso al jardín central con piletas del complejo",
    floors: [9],
    terraced: true,
    verified: true,
    source:
      "https://modernabuenosaires.org/obras/2000s/zencity (dirección del complejo) — 9 niveles escalonados",
  },
  {
    slug: "zencity-edificio-onix",
    nombre: "Zencity – Edificio Ónix",
    direccion:
      "Rosario Vera Peñaloza 415 (complejo Zencity, frente sobre Julieta Lanteri), Dique 1, Puerto Madero",
    amenities: "Acceso al jardín central de 8.500 m² con piletas y cascadas del complejo",
    verified: true,
    source:
      "https://modernabuenosaires.org/obras/2000s/zencity (dirección del complejo; el acceso propio puede estar sobre Julieta Lanteri)",
  },
  {
    slug: "sls-puerto-madero-designer-suites",
    nombre: "SLS Puerto Madero – Designer Suites",
    direccion: "Dique 1, Puerto Madero, dentro del complejo SLS (calle y número a confirmar)",
    amenities: "Unidades de 30 a 50 m² con servicios de hotelería de la marca SLS",
    floors: [11],
    verified: false,
    source:
      "https://www.lanacion.com.ar/propiedades/puerto-madero-abandona-estigma-barrio-fantasma-nid2342724 (tercer edificio del complejo, 11 niveles). Dirección no hallada",
  },
  {
    slug: "osten-madero-harbour",
    nombre: "Osten (Madero Harbour)",
    direccion: "Madero Harbour, Dique 1, Puerto Madero (calle y número a confirmar)",
    amenities: "Edificio en construcción; amenities a confirmar",
    verified: false,
    source:
      "https://lanacion.com.ar/propiedades/construccion-y-diseno/la-torre-de-lujo-que-quiere-ser-un-emblema-en-el-skyline-de-buenos-aires-nid10022023 (edificio residencial en construcción en 2023). Confirmar estado de obra y dirección",
  },
  {
    slug: "ritz-carlton-puerto-madero-northbaires",
    nombre: "Ritz-Carlton Puerto Madero (NorthBaires)",
    direccion:
      "Dique 4, Puerto Madero, junto a Torres del Yacht y al campo de deportes del Colegio Nacional de Buenos Aires (calle y número a confirmar)",
    amenities: "Proyecto: hotel Ritz-Carlton con residencias, locales y SUM; hasta 39 pisos previstos",
    verified: false,
    source:
      "http://admin.nueva-ciudad.com.ar/notas/201901/39570-construiran-un-hotel-de-lujo-y-viviendas-en-puerto-madero.html ; puertomaderodiario.com.ar (Ritz Carlton, último terreno libre). Proyecto: confirmar estado de obra y nombre comercial",
  },
  {
    slug: "w-buenos-aires-hotel-y-residencias-madero-harbour",
    nombre: "W Buenos Aires – Hotel y Residencias (Madero Harbour)",
    direccion: "Madero Harbour, junto a Harbour Tower, Dique 1, Puerto Madero (calle y número a confirmar)",
    amenities: "Proyecto de torre de hotel W con viviendas (unos 35 pisos previstos); amenities a confirmar",
    verified: false,
    source:
      "https://mktdeobras.com.ar/harbour-tower-la-segunda-torre-mas-alta-del-pais/ ; La Nación 10/02/2023 lo menciona 'en proyecto'. No es un edificio terminado: confirmar estado o reemplazar",
  },
];
