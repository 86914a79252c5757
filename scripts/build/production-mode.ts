/**
 * The build renders the pages in its own process from the server bundle
 * (render-pages.ts), with the production React, as React Router's build does.
 * React picks its build when first loaded, so this is set before anything
 * imports it: scripts/build.ts imports this module first.
 */
process.env.NODE_ENV ??= "production";
