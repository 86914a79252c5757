import { pages } from "../../app/site-map.ts";

/** Every page a visitor can land on: the site map (tower pages included) and the 404 page (any unknown path). */
export const allPages = [
  ...pages.map((page) => ({ name: page.path, path: page.path, status: 200 })),
  { name: "404", path: "/pagina-que-no-existe", status: 404 },
];
