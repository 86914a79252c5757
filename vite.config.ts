import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

import { loadSiteConfig, SiteConfigError } from "./app/config/site-config.ts";

function readSiteConfig() {
  try {
    return loadSiteConfig(process.env);
  } catch (error) {
    if (error instanceof SiteConfigError) {
      console.error(`\n${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const { config: siteConfig, examplesInUse } = readSiteConfig();
if (examplesInUse.length > 0 && !process.env.VITEST) {
  console.warn(
    `\n\u001b[33m⚠  ATENCIÓN: el sitio usa valores de EJEMPLO en ${examplesInUse.join(", ")}.\n` +
      `   Definí esas variables de entorno antes de publicar (ver README, "Configuración").\u001b[0m\n`,
  );
}

export default defineConfig({
  define: { __SITE_CONFIG__: JSON.stringify(siteConfig) },
  plugins: [tailwindcss(), !process.env.VITEST && reactRouter()],
  test: {
    include: ["app/**/*.test.ts", "scripts/**/*.test.ts", "server/**/*.test.ts"],
  },
});
