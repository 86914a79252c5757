import type { TowerFact } from "./towers.ts";

/**
 * Where each fact of the catalogue (towers.ts) was seen, by tower slug and
 * fact, from the research in the project's towers data. For a fact still to
 * confirm, the note says what is missing or where the sources disagree.
 *
 * Read only by the release check and the tests: the pages never import this
 * module, so none of it reaches the browser (a browser test checks the build).
 */
export type TowerSources = Partial<Record<TowerFact, string>>;

const lanacionAlvear =
  "https://lanacion.com.ar/propiedades/construccion-y-diseno/piso-54-como-es-la-vista-desde-el-departamento-mas-alto-de-buenos-aires-nid08012021";
const lanacionHarbour =
  "https://lanacion.com.ar/propiedades/construccion-y-diseno/la-torre-de-lujo-que-quiere-ser-un-emblema-en-el-skyline-de-buenos-aires-nid10022023";
const lanacionDock1 =
  "https://lanacion.com.ar/propiedades/el-barrio-mas-joven-en-pujante-desarrollo-nid1787284";
const wikipediaAlvear =
  "https://en.wikipedia.org/wiki/Alvear_Tower?oldid=750723157 (también kiwix.casplantje.nl/wikipedia_en_all_maxi_2020-06/A/Alvear_Tower)";
const tallestList =
  "https://wiki-gateway.eudic.net/wikipedia_en/List_of_tallest_buildings_in_Argentina.html (espejo de en.wikipedia)";
const zencity = "https://modernabuenosaires.org/obras/2000s/zencity";
const mktdeobrasHarbour = "https://mktdeobras.com.ar/harbour-tower-la-segunda-torre-mas-alta-del-pais/";
const doquierHarbour = "https://www.doquier.com.ar/index.php/madero-harbour-por-alejandro-ginevra/";
const nuevoPuertoMaderoAlvearIcon =
  "http://www.nuevopuertomadero.com/?Como_sera_el_Hotel_Alvear_de_Puerto_Madero&page=ampliada&id=800";
const clarinSls =
  "https://clarin.com/arq/arquitectura/complejo-redefine-estilo-puerto-madero_0_tj8aZd1Oq.amp.html";
const lanacionSls =
  "https://www.lanacion.com.ar/propiedades/puerto-madero-abandona-estigma-barrio-fantasma-nid2342724";
const fortunaLosMolinos =
  "https://fortuna.perfil.com/2009-10-12-8264-faena-inauguro-los-molinos-su-cuarta-obra-en-puerto-madero/";
const madero = "http://www.nuevopuertomadero.com/?Visitamos_Madero_Center&page=ampliada&id=137";
const riverView = "https://modernabuenosaires.org/obras/2000s/river-view";
const bayres = "https://modernabuenosaires.org/obras/2010s/bayres-dock";
const simbiosisAleph =
  "http://simbiosisgroup.net/29461/foster-partners-completes-first-project-in-latin-america (comunicado Foster + Partners, 04/02/2013)";

export const towerSources: Record<string, TowerSources> = {
  "alvear-tower": {
    direccion: `Número 559: infobox de ${wikipediaAlvear}. La Nación la ubica en Azucena Villaflor al 500 (${lanacionAlvear}). El 581 de es.nearbywiki.org sale de geocodificar las coordenadas: se prefiere 559.`,
    dock: "https://modernabuenosaires.org/index.php/obras/2010s/alvear-tower",
    status: `${lanacionAlvear} (inaugurada en septiembre de 2019)`,
    amenities: `${lanacionAlvear} y https://modernabuenosaires.org/index.php/obras/2010s/alvear-tower`,
    year: lanacionAlvear,
    floors: lanacionAlvear,
    architect: lanacionAlvear,
    developer: lanacionAlvear,
    units: `A confirmar: 186 según La Nación 2021 (${lanacionAlvear}); otras fuentes dicen 174, 183, 189 o 190.`,
    geo: `${wikipediaAlvear} (34°36′44″S 58°21′37″W); coincide con es.nearbywiki.org/detail/5189799`,
  },
  "renoir-i-ii": {
    direccion: `A confirmar: número no hallado. Calle: el Alvear Icon se construyó "en la calle Aimé Painé, al lado de las torres Renoir" (${nuevoPuertoMaderoAlvearIcon}).`,
    dock: "https://d.documentop.com/buenos-aires-capital-de-los-rascacielos_599a86911723dde6c93c1694.html (La Nación 10/08/2009); el vecino Alvear Icon figura como Dique 3 en otra fuente: zona límite",
    status: "https://www.lanacion.com.ar/economia/vivir-cerca-del-cielo-nid1215384",
    amenities: "https://www.lanacion.com.ar/economia/vivir-cerca-del-cielo-nid1215384",
    year: `https://www.lanacion.com.ar/economia/vivir-cerca-del-cielo-nid1215384 (torre I habitada desde fines de 2008) ; ${tallestList} (torre II, 2011)`,
    floors:
      "A confirmar: torre I 41 pisos y torre II 50 según http://archivoarq.clarin.com/obras/descripcion/338-torres-renoir ; 51 según https://ewikibg.top/wiki/Renoir_towers (espejo de en.wikipedia).",
    architect: "http://archivoarq.clarin.com/obras/descripcion/338-torres-renoir",
    developer:
      "https://ewikibg.top/wiki/Renoir_towers (espejo de en.wikipedia) ; https://www.lanacion.com.ar/economia/vivir-cerca-del-cielo-nid1215384",
    unitSizes: "https://www.lanacion.com.ar/economia/vivir-cerca-del-cielo-nid1215384 (La Nación 2009)",
    geo: "https://ewikibg.top/wiki/Renoir_towers (espejo de en.wikipedia 'Renoir Towers') (34°36′37″S 58°21′40″W, coordenada del complejo)",
  },
  mulieris: {
    direccion:
      "https://modernabuenosaires.org/obras/2000s/mulieris-puerto-madero ; esquina Azucena Villaflor y Aimé Painé también en http://clarin.com/arquitectura/Juego-encastres_0_314368574.html",
    dock: "https://modernabuenosaires.org/obras/2000s/mulieris-puerto-madero",
    status: "https://modernabuenosaires.org/obras/2000s/mulieris-puerto-madero",
    amenities: "https://modernabuenosaires.org/obras/2000s/mulieris-puerto-madero",
    year: "https://modernabuenosaires.org/obras/2000s/mulieris-puerto-madero",
    floors: `A confirmar: 43 por torre según https://modernabuenosaires.org/obras/2000s/mulieris-puerto-madero ; 44 según ${tallestList}.`,
    architect: "http://clarin.com/arquitectura/Juego-encastres_0_314368574.html",
  },
  "torres-el-faro": {
    direccion:
      "http://www.modernabuenosaires.org/obras/2000s/torres-el-faro (número 669) ; La Nación ubica el complejo en Azucena Villaflor y Costanera (https://www.lanacion.com.ar/arquitectura/el-faro-rascacielos-en-el-barrio-mas-exclusivo-nid665205)",
    dock: "https://vicenteadeodato.blogspot.com/2008/09/argentina-buenos-aires-puerto-madero.html (El Faro en el Dique 2)",
    status: "https://en.wikipedia.org/wiki/El_Faro_Towers",
    amenities: "https://urbipedia.org/hoja/Torres_El_Faro",
    year: "https://en.wikipedia.org/wiki/El_Faro_Towers (torre I 2003, torre II 2005)",
    floors:
      "A confirmar: 46 según https://en.wikipedia.org/wiki/El_Faro_Towers ; La Nación menciona 47 (https://www.lanacion.com.ar/arquitectura/el-faro-rascacielos-en-el-barrio-mas-exclusivo-nid665205).",
    architect:
      "https://www.lanacion.com.ar/arquitectura/el-faro-rascacielos-en-el-barrio-mas-exclusivo-nid665205",
    units: "https://urbipedia.org/hoja/Torres_El_Faro",
  },
  "chateau-puerto-madero": {
    direccion: `A confirmar: número no hallado. Lindera con Alvear Tower: Grupo Château vendió el lote vecino (${wikipediaAlvear}); en el grupo de Azucena Villaflor según https://modernabuenosaires.org/index.php/obras/2010s/alvear-tower.`,
    dock: "https://modernabuenosaires.org/index.php/obras/2010s/alvear-tower",
    status: tallestList,
    amenities:
      "https://tn.com.ar/deportes/seleccion-argentina/2023/03/22/lionel-messi-eligio-un-lujoso-edificio-para-hospedarse-en-buenos-aires-en-la-previa-del-partido-con-panama",
    year: tallestList,
    floors: `A confirmar: 48 según ${tallestList} ; 50 según TN (22/03/2023).`,
    developer:
      "https://tn.com.ar/deportes/seleccion-argentina/2023/03/22/lionel-messi-eligio-un-lujoso-edificio-para-hospedarse-en-buenos-aires-en-la-previa-del-partido-con-panama",
    units:
      "https://tn.com.ar/deportes/seleccion-argentina/2023/03/22/lionel-messi-eligio-un-lujoso-edificio-para-hospedarse-en-buenos-aires-en-la-previa-del-partido-con-panama",
    unitSizes:
      "https://tn.com.ar/deportes/seleccion-argentina/2023/03/22/lionel-messi-eligio-un-lujoso-edificio-para-hospedarse-en-buenos-aires-en-la-previa-del-partido-con-panama",
  },
  "le-parc-puerto-madero": {
    direccion:
      "A confirmar: dirección no hallada; priorizar una visita o una consulta al consorcio. No confundir con Le Parc (Palermo) ni Le Parc Figueroa Alcorta.",
    dock: "http://angelo-calcaterra32097.designi1.com/16993699/un-peque-o-homenaje-al-majestuoso-kavanagh (zona del Dique 2, junto a El Faro, Renoir y Mulieris)",
    status: tallestList,
    amenities:
      "https://www.lanacion.com.ar/sociedad/en-puerto-madero-este-se-palpa-la-reactivacion-nid499577",
    year: `A confirmar: 2007 según ${tallestList} ; 2006 según https://en.wikipedia.org/wiki/Le_Parc_Figueroa_Alcorta.`,
    floors: `A confirmar: 43 pisos (144 m) según ${tallestList} ; 44 según https://www.lanacion.com.ar/sociedad/en-puerto-madero-este-se-palpa-la-reactivacion-nid499577 (proyecto).`,
    developer:
      "https://www.izeria.com/en/places/p-h3s4htvi/Le_Parc_Figueroa_Alcorta (y https://en.wikipedia.org/wiki/Le_Parc_Figueroa_Alcorta)",
  },
  "torres-del-yacht": {
    direccion: `A confirmar: calle y número no hallados. Dique 4 frente al Hilton y la Torre YPF: https://clarin.com/arq/arquitectura/divina-comida-secretos-triplex-2-millones-dolares-floppy-tesouro_0_NyRFnnuY.html ; con River View "rematan el Boulevard Macacha Güemes": ${riverView}.`,
    dock: "https://clarin.com/arq/arquitectura/divina-comida-secretos-triplex-2-millones-dolares-floppy-tesouro_0_NyRFnnuY.html",
    status: tallestList,
    amenities:
      "https://clarin.com/arq/arquitectura/divina-comida-secretos-triplex-2-millones-dolares-floppy-tesouro_0_NyRFnnuY.html",
    year: tallestList,
    floors: `${tallestList} ; https://clarin.com/arq/arquitectura/divina-comida-secretos-triplex-2-millones-dolares-floppy-tesouro_0_NyRFnnuY.html (dos torres)`,
    architect: "http://archivias.blogspot.com/2010/12/whats-with-twins-at-puerto-madero.html",
  },
  "madero-center": {
    direccion: `${madero} (accesos por Pierina Dealessi, Macacha Güemes y Trinidad Guevara; sin número; el frente sobre Juana Manso es de oficinas)`,
    dock: madero,
    status: madero,
    amenities: madero,
    year: `${madero} (primeros vecinos en abril de 2008; fin de obra previsto para 2009)`,
    floors: madero,
    units: madero,
    unitSizes: madero,
  },
  "torres-river-view": {
    direccion: `A confirmar: número no hallado. Terreno vecino a la Torre YPF, en el remate del Bvd. Macacha Güemes: ${riverView}.`,
    dock: `${riverView} ; http://losarys.com/2015/12/puerto-madero-buenos-aires/`,
    status: riverView,
    amenities: riverView,
    year: riverView,
    floors: riverView,
    architect: riverView,
  },
  "zencity-torre-ambar": {
    direccion: `${zencity} (dirección del complejo)`,
    dock: zencity,
    status: zencity,
    amenities: zencity,
    year: `${zencity} (2008–2013, el complejo)`,
    floors: zencity,
    architect: zencity,
  },
  "zencity-torre-rubi": {
    direccion: `${zencity} (dirección del complejo)`,
    dock: zencity,
    status: zencity,
    amenities: zencity,
    year: `${zencity} (2008–2013, el complejo)`,
    floors: zencity,
    architect: zencity,
  },
  "harbour-tower": {
    direccion: `${lanacionHarbour} ; esquina también en http://nuevomadero.com.ar/?Los_proximos_pasos_de_Harbour_Tower&page=ampliada&id=1578`,
    dock: lanacionHarbour,
    status:
      "https://puertomaderodiario.com.ar/los-precios-de-la-torre-mas-alta-de-puerto-madero/ (25/08/2025: 'en plena construcción')",
    amenities: mktdeobrasHarbour,
    floors: `A confirmar: 52 según ${mktdeobrasHarbour} ; 53 según notas posteriores (${lanacionHarbour} ; https://puertomaderodiario.com.ar/los-precios-de-la-torre-mas-alta-de-puerto-madero/).`,
    architect: `${mktdeobrasHarbour} (proyecto ejecutivo: Urgell-Penedo-Urgell)`,
    developer: lanacionHarbour,
    units: `A confirmar: 217 según https://puertomaderodiario.com.ar/los-precios-de-la-torre-mas-alta-de-puerto-madero/ (25/08/2025) ; 209 según ${mktdeobrasHarbour}.`,
  },
  "faena-aleph-residences": {
    direccion: `${simbiosisAleph} (Av. Juana Manso; sin número)`,
    dock: "A confirmar: ninguna fuente hallada nombra el dique del Aleph; el archivo original decía Dique 2.",
    status: simbiosisAleph,
    amenities: simbiosisAleph,
    year: simbiosisAleph,
    floors: simbiosisAleph,
    architect: simbiosisAleph,
    developer: "https://clarin.com/arq/diseno/Interiores-Aleph-Claudia-Faena_0_BkCr2oujvXx.html",
    units: `${simbiosisAleph} (50 terminados; la preventa de 2008 hablaba de 57: http://agreba.blogspot.com/2008/12/puerto-madero-nuevo-complejo-de.html)`,
  },
  "sls-puerto-madero": {
    direccion:
      "http://tangoymilonga.com.ar/noticias2019/sls_lux_obras_de_arte_puerto_madero.html (calle y altura)",
    dock: clarinSls,
    status: `${lanacionSls} ; ${clarinSls}`,
    amenities:
      "https://clarin.com/arq/arquitectura/complejo-puerto-madero-adelanto-pandemia_0_ULpaLtlQSO.html (plaza, piscina) ; http://estudiofittipaldi.com/html/?p=1264 (balcones)",
    year: `${lanacionSls} ; ${clarinSls}`,
    floors: `A confirmar: dos torres de 30 pisos según ${clarinSls} ; 33 según ${lanacionSls}.`,
    architect: `${clarinSls} ; http://tangoymilonga.com.ar/noticias2019/sls_lux_obras_de_arte_puerto_madero.html`,
    developer: clarinSls,
    hotel: `${lanacionSls} (tercer edificio del complejo, 11 niveles, servicios SLS) ; ${clarinSls} (60 designer suites)`,
  },
  "oceana-puerto-madero": {
    direccion:
      "A confirmar: dirección no hallada. Sobre el espejo del Dique 2 frente al Faena Hotel: http://www.perfil.com/noticias/protagonistas/juntos-nos-potenciamos-aseguran-alan-faena-y-eduardo-costantini.phtml",
    dock: "http://www.perfil.com/noticias/protagonistas/juntos-nos-potenciamos-aseguran-alan-faena-y-eduardo-costantini.phtml",
    status:
      "A confirmar: las fuentes hablan de lanzamiento (05/2022) y obra, no de entrega: https://www.lanacion.com.ar/propiedades/inversiones/departamentos-de-lujo-por-que-empresas-multinacionales-compran-en-uno-de-los-proyectos-inmobiliarios-nid18072022/ ; https://clarin.com/arq/eduardo-costantini-dobla-apuesta-inversiones-multimillonarias_0_w3eFfx1Ax.html",
    amenities:
      "https://www.lanacion.com.ar/propiedades/inversiones/departamentos-de-lujo-por-que-empresas-multinacionales-compran-en-uno-de-los-proyectos-inmobiliarios-nid18072022/",
    floors:
      "https://www.lanacion.com.ar/propiedades/inversiones/departamentos-de-lujo-por-que-empresas-multinacionales-compran-en-uno-de-los-proyectos-inmobiliarios-nid18072022/",
    developer:
      "http://www.perfil.com/noticias/protagonistas/juntos-nos-potenciamos-aseguran-alan-faena-y-eduardo-costantini.phtml",
    unitSizes:
      "https://www.lanacion.com.ar/propiedades/inversiones/departamentos-de-lujo-por-que-empresas-multinacionales-compran-en-uno-de-los-proyectos-inmobiliarios-nid18072022/",
  },
  "madero-harbour-harbour-residences": {
    direccion: `A confirmar: dirección no hallada. Existencia: ${mktdeobrasHarbour} ; ${doquierHarbour} ; ${lanacionDock1}.`,
    dock: doquierHarbour,
    status: `${lanacionDock1} (torre ya existente del complejo)`,
    amenities: "A confirmar con la administración: no hallados.",
    developer: doquierHarbour,
  },
  "madero-harbour-harbour-house": {
    direccion: `${lanacionDock1} ; sobre Bvd. Juana Manso: https://clarin.com/inmobiliario/gemelas-puerto-madero_0_HJrQGx8ovXl.html`,
    dock: lanacionDock1,
    status: `${lanacionDock1} ; ${mktdeobrasHarbour} (torre construida del complejo)`,
    amenities:
      "A confirmar con la administración: las que lista Perfil 2015 (http://noticias.perfil.com/2015/07/11/asoma-madero-harbour/) podrían ser de Harbour Tower.",
    year: `A confirmar: entrega prevista para el primer semestre de 2016 (${lanacionDock1}); no se halló la confirmación de la entrega.`,
    developer: "https://clarin.com/inmobiliario/gemelas-puerto-madero_0_HJrQGx8ovXl.html",
  },
  "faena-el-porteno-building": {
    direccion:
      "https://www.afar.com/travel-tips/the-top-hotels-in-buenos-aires ; https://www.comprarlujo.com/hoteles/faena-hotel-buenos-aires/",
    dock: "http://www.perfil.com/noticias/protagonistas/juntos-nos-potenciamos-aseguran-alan-faena-y-eduardo-costantini.phtml (frente al Dique 2)",
    status: "https://www.afar.com/travel-tips/the-top-hotels-in-buenos-aires",
    amenities:
      "http://archivoarq.clarin.com/obras/descripcion/197-el-porte-o-building ; https://viptourbrazil.com/Property.aspx?id=37",
    year: "https://www.afar.com/travel-tips/the-top-hotels-in-buenos-aires (hotel inaugurado en 2004)",
    architect: "http://archivoarq.clarin.com/obras/descripcion/197-el-porte-o-building",
    developer: "https://www.afar.com/travel-tips/the-top-hotels-in-buenos-aires",
    units:
      "https://viptourbrazil.com/Property.aspx?id=37 ; https://www.comprarlujo.com/hoteles/faena-hotel-buenos-aires/",
    hotel:
      "http://archivoarq.clarin.com/obras/descripcion/197-el-porte-o-building ; https://viptourbrazil.com/Property.aspx?id=37",
  },
  "faena-los-molinos-building": {
    direccion:
      "https://arquitecturar.uy/mc-cormack-asociados-transforma-el-edificio-los-molinos-en-un-referente-cultural-y-comercial-de-puerto-madero",
    dock: "http://www.lanacion.com.ar/1184271-los-viejos-molinos-una-nueva-joya-de-puerto-madero",
    status: fortunaLosMolinos,
    amenities: fortunaLosMolinos,
    year: `${fortunaLosMolinos} (inaugurado en octubre de 2009)`,
    floors:
      "http://ilumineoprojeto.com/faena-art-center-parte-i-o-complexo-los-molinos-em-puerto-madero-combina-residencias-escritorios-lojas-e-um-museu/ (dos edificios históricos de 5 y 7 niveles de vivienda)",
    architect:
      "https://arquitecturar.uy/mc-cormack-asociados-transforma-el-edificio-los-molinos-en-un-referente-cultural-y-comercial-de-puerto-madero",
    developer: fortunaLosMolinos,
    units: fortunaLosMolinos,
    unitSizes: fortunaLosMolinos,
  },
  "bayres-dock": {
    direccion: `${bayres} (calles, sin número)`,
    dock: bayres,
    status: bayres,
    amenities: bayres,
    year: bayres,
    floors: `A confirmar: ${bayres} dice "edificio bajo" con penthouses en los pisos 5.º y 6.º; la cantidad de pisos no está escrita.`,
    architect: bayres,
    unitSizes: `${bayres} (departamentos de 3 dormitorios)`,
  },
  "zencity-edificio-zafiro": {
    direccion: `${zencity} (dirección del complejo; el Zafiro corre paralelo a Rosario Vera Peñaloza)`,
    dock: zencity,
    status: zencity,
    amenities: zencity,
    year: `${zencity} (2008–2013, el complejo)`,
    floors: `${zencity} (9 niveles escalonados)`,
    architect: zencity,
  },
  "zencity-edificio-onix": {
    direccion: `${zencity} (dirección del complejo; el Ónix corre paralelo a Julieta Lanteri)`,
    dock: zencity,
    status: zencity,
    amenities: zencity,
    year: `${zencity} (2008–2013, el complejo)`,
    architect: zencity,
  },
  "osten-madero-harbour": {
    direccion: `A confirmar: dirección no hallada; sin datos posteriores a ${lanacionHarbour}.`,
    dock: lanacionHarbour,
    status: `${lanacionHarbour} (residencial en construcción en febrero de 2023)`,
    amenities: "A confirmar: no hallados.",
  },
  "alvear-icon-hotel-residences": {
    direccion: `A confirmar: número no hallado. "En la calle Aimé Painé, al lado de las torres Renoir": ${nuevoPuertoMaderoAlvearIcon}.`,
    dock: nuevoPuertoMaderoAlvearIcon,
    status:
      "https://www.cronista.com/contenidos/2017/06/07/noticia_0039.html ; http://www.lanacion.com.ar/2031137-despues-de-11-anos-buenos-aires-tendra-un-nuevo-cinco-estrellas",
    amenities: "A confirmar: las fuentes halladas describen el hotel, no las amenities de las residencias.",
    year: "https://www.cronista.com/contenidos/2017/06/07/noticia_0039.html (inaugurado en junio de 2017)",
    floors:
      "A confirmar: 33 o 34 pisos según la fuente (https://clarin.com/arq/arquitectura/nuevo-estrellas-hotel-alvear-puerto-madero_0_By7nQd2GZ.html ; http://www.lanacion.com.ar/2031137-despues-de-11-anos-buenos-aires-tendra-un-nuevo-cinco-estrellas).",
    developer: "https://www.cronista.com/contenidos/2017/06/07/noticia_0039.html",
    units: "https://clarin.com/arq/arquitectura/nuevo-estrellas-hotel-alvear-puerto-madero_0_By7nQd2GZ.html",
    hotel:
      "https://clarin.com/arq/arquitectura/nuevo-estrellas-hotel-alvear-puerto-madero_0_By7nQd2GZ.html (159 habitaciones)",
  },
  "forum-puerto-madero": {
    direccion: "A confirmar: sin dirección ni datos en fuentes públicas.",
    dock: "A confirmar: dique sin fuente (Dique 1 es una suposición).",
    status: "A confirmar: no se halló si está terminado.",
    amenities: "A confirmar: no hallados.",
    developer:
      "https://infonegocios.biz/amp/nota-principal/los-primeros-forumhabitantes-mudaran-en-abril-de-2016-ya-se-vendieron-100-apartamentos (TGLT: su marca Forum 'arrancó en Buenos Aires con Forum Puerto Madero')",
  },
  "la-portena-faena-district": {
    direccion: "A confirmar: sin dirección en fuentes públicas.",
    dock: "A confirmar: dentro del Faena District (diques 2 y 3); el dique no está en la fuente.",
    status: `${fortunaLosMolinos} (edificio anterior del Faena District)`,
    amenities: "A confirmar: no hallados.",
    developer: `${fortunaLosMolinos} (obra de Faena en Puerto Madero)`,
  },
};
