// Breaks the door the same way from a script: a dynamic import of a module outside it.
export const load = () => import("#app/config/site.ts");
