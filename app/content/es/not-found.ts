import { site } from "../../config/site.ts";
import type { PageMetaCopy } from "../types.ts";

export const meta: PageMetaCopy = {
  title: `Página no encontrada | ${site.businessName}`,
  description: "La página que buscás no existe o cambió de dirección.",
  keywords: [],
};

export const notFound = {
  eyebrow: "Error 404",
  title: "Página no encontrada",
  text: "La página que buscás no existe o cambió de dirección. Estas secciones te pueden servir:",
  home: "Volver al inicio",
} as const;
