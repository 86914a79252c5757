/** The inbox's own addresses that code outside its routes needs. */
export const loginPath = "/bandeja/ingresar";
