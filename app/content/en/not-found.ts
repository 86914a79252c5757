import { site } from "../../config/site.ts";
import type { PageMetaCopy } from "../types.ts";

export const meta: PageMetaCopy = {
  title: `Page not found | ${site.businessName}`,
  description: "The page you are looking for does not exist or has moved.",
  keywords: [],
};

export const notFound = {
  eyebrow: "Error 404",
  title: "Page not found",
  text: "The page you are looking for does not exist or has moved. These sections may help:",
  home: "Back to the home page",
} as const;
