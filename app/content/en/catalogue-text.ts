import type { PropertyTypeText, TowerText } from "../es/catalogue-text.ts";

/**
 * The catalogues' texts in English, under the Spanish keys (content parity
 * test). Street names, tower names and developments stay as they are in
 * Buenos Aires; "Dique" is the dock (see tower-page.ts).
 */

export const towerText: Record<string, TowerText> = {
  "alvear-tower": {
    direccion: "Azucena Villaflor 559",
    amenities:
      "Semi-Olympic pool, spa and gym, tennis court, private cinema, golf simulators, multi-purpose rooms, restaurant and wine cellar",
  },
  "renoir-i-ii": {
    direccion: "Aimé Painé, next to the Alvear Icon",
    amenities:
      "Indoor pool, gym, spa with dry and steam sauna, massage room, private cinema, pet-washing room and fingerprint access",
  },
  mulieris: {
    direccion: "Azucena Villaflor 489, between Aimé Painé and Martha Salotti",
    amenities: "Pool, sun deck, gym, garden on the podium, shops and pre-wiring for home automation",
  },
  "torres-el-faro": {
    direccion: "Azucena Villaflor 669, on the corner of the Costanera",
    amenities:
      "Outdoor pool, spa, sauna, gym, glazed lookout on the top floor and a 6,000 m² garden at ground level",
  },
  "chateau-puerto-madero": {
    direccion: "Bvd. Azucena Villaflor, next to Alvear Tower",
    amenities:
      "Pool, gym, spa, bar, private cinema, party room, tennis courts, children's playground and hairdresser",
  },
  "le-parc-puerto-madero": {
    amenities:
      "Three pools, parking and common areas; a complex of three towers with four apartments per floor",
  },
  "torres-del-yacht": {
    direccion: "End of Bvd. Macacha Güemes, facing the Hilton and the YPF Tower",
    amenities: "Pool, sun deck and gym in a low-rise amenities building",
  },
  "madero-center": {
    direccion: "Malecón Pierina Dealessi, between Macacha Güemes and Trinidad Guevara",
    amenities:
      "Four pools (two indoor), spa with sauna, gym, two multi-purpose rooms, bar, business centre and concierge",
  },
  "torres-river-view": {
    direccion: "End of Bvd. Macacha Güemes, on the plot next to the YPF Tower",
    amenities:
      "Pool, sun deck and children's playground at ground level; gym, spa and changing rooms in the basement",
  },
  "zencity-torre-ambar": {
    direccion: "Rosario Vera Peñaloza 415",
    amenities: "An 8,500 m² central garden with pools and waterfalls, shared by the complex",
  },
  "zencity-torre-rubi": {
    direccion: "Rosario Vera Peñaloza 415",
    amenities: "Access to the complex's 8,500 m² central garden, with pools and waterfalls",
  },
  "harbour-tower": {
    direccion: "Julieta Lanteri 1775, on the corner of Lola Mora",
    amenities:
      "Multi-purpose room, barbecues, sauna, gym, indoor and outdoor pools, green areas, laundry and valet parking",
  },
  "faena-aleph-residences": {
    direccion: "Av. Juana Manso",
    amenities: "Rooftop infinity pool, landscaped garden and restaurants at ground level",
  },
  "sls-puerto-madero": {
    direccion: "Pierina Dealessi, 1700 block",
    amenities:
      "Terrace balconies with a barbecue kitchen, inner plaza, outdoor pool on the podium, gym and function rooms",
    hotel: "An SLS boutique hotel in the same complex: 60 designer suites of 30 to 50 m² with hotel services",
  },
  "oceana-puerto-madero": {
    direccion: "On Dique 2, facing the Faena Hotel",
    amenities: "A 7,200 m² plaza with works of art joining the two buildings; art in the common areas too",
  },
  "madero-harbour-harbour-residences": {},
  "madero-harbour-harbour-house": { direccion: "Av. Juana Manso 1700" },
  "faena-el-porteno-building": {
    direccion: "Martha Salotti 445",
    amenities:
      "Outdoor pool with sun deck, spa with hammam and gym, restaurants, bar, cabaret and library, shared with the hotel's guests",
    hotel: "Shares the building with the Faena Hotel: residents use its services and spaces",
  },
  "faena-los-molinos-building": {
    direccion: "Av. Juana Manso 1150",
    amenities:
      "Spa with heated pool, gym, laundry and 120 parking spaces in the basement; shops at ground level",
  },
  "bayres-dock": {
    direccion: "Olga Cossettini and Bvd. Azucena Villaflor, on the Pierina Dealessi promenade",
    amenities: "Multi-purpose room, gym and heated indoor pool; shops along the dockside promenade",
  },
  "zencity-edificio-zafiro": {
    direccion: "Rosario Vera Peñaloza 415",
    amenities:
      "Twelve units with their own terrace and pool; access to the complex's central garden and pools",
  },
  "zencity-edificio-onix": {
    direccion: "Rosario Vera Peñaloza 415, fronting Julieta Lanteri",
    amenities: "Access to the complex's 8,500 m² central garden, with pools and waterfalls",
  },
  "osten-madero-harbour": {},
  "alvear-icon-hotel-residences": {
    direccion: "Aimé Painé, next to the Renoir Towers",
    hotel: "Residences with the services of the 159-room Alvear Icon hotel, in the same building",
  },
  "forum-puerto-madero": {},
  "la-portena-faena-district": {},
};

export const propertyTypeText: Record<string, PropertyTypeText> = {
  casa: {
    tipo: "House",
    zona: "Puerto Madero and surroundings",
    descripcion:
      "Houses and duplexes with their own garden or terrace: we value the land, the building and what makes it unique.",
  },
  loft: {
    tipo: "Loft",
    zona: "Converted docks of Puerto Madero Oeste",
    descripcion: "Lofts in the old brick warehouses: double heights, exposed beams and views over the docks.",
  },
  penthouse: {
    tipo: "Penthouse",
    zona: "Towers of Puerto Madero Este",
    descripcion:
      "Top floors with a terrace and open views over the river: few comparables, so the analysis must be fine.",
  },
  oficina: {
    tipo: "Office",
    zona: "The corporate corridor along the docks",
    descripcion: "Offices and corporate floors: value per m², market rent and the quality of the building.",
  },
  "local-comercial": {
    tipo: "Shop",
    zona: "Promenades and boulevards of Puerto Madero",
    descripcion:
      "Street shops and units on the restaurant promenades: location, frontage, footfall and the current lease.",
  },
  estudio: {
    tipo: "Studio",
    zona: "Puerto Madero Este and Oeste",
    descripcion: "Studio apartments designed for letting: yield, amenities and demand for short stays.",
  },
};
