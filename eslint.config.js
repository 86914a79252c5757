import { readdirSync } from "node:fs";
import { join } from "node:path";

import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Imports flow one way: routes → features → components / content / config / lib;
 * a feature never imports another feature; app code never imports the build or
 * the servers; product code (app, server, scripts) never imports the tests.
 * The zones are computed from `root`'s folders, so a new feature folder is
 * covered without editing this file (tests/lint/ lints a small project with
 * the same function to prove that the rules fire).
 */
export function boundaryZones(root) {
  const featuresDir = join(root, "app", "features");
  const features = readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const featureZones = features
    .map((feature) => ({
      target: `./app/features/${feature}`,
      from: features.filter((other) => other !== feature).map((other) => `./app/features/${other}`),
      message: "A feature never imports another feature: move what both need to components, content or lib.",
    }))
    .filter((zone) => zone.from.length > 0);
  // Within a feature, the prerendered markup (React) and the browser's island code meet only
  // through what both import (the feature's root and forms/, app/lib/form-protocol.ts).
  const sideZones = features.flatMap((feature) => [
    {
      target: `./app/features/${feature}/markup`,
      from: `./app/features/${feature}/browser`,
      message:
        "Prerendered markup never imports the island's browser code: share what both need beside them.",
    },
    {
      target: `./app/features/${feature}/browser`,
      from: `./app/features/${feature}/markup`,
      message:
        "The island never imports the prerendered markup: it reads the HTML through app/lib/form-protocol.ts.",
    },
  ]);
  // Storage serves every server feature and imports none of them (decision 0033).
  const serverFolders = readdirSync(join(root, "server"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const serverFeatures = serverFolders.filter((name) => name !== "storage").map((name) => `./server/${name}`);
  // The platform is where features register; it imports none of them (decision 0038).
  const rooms = serverFolders.filter((name) => !serverFoundation.includes(name));
  const platformZone = {
    target: "./server/platform",
    from: rooms.map((room) => `./server/${room}`),
    message:
      "The platform imports no feature: a feature registers with it (server/platform/feature.ts), never the reverse (decision 0038).",
  };
  // A sealed room meets the other rooms only at their doors, both ways (decision 0038).
  const roomZones = rooms
    .filter((room) => sealedRooms.includes(room))
    .flatMap((room) =>
      rooms
        .filter((other) => other !== room)
        .flatMap((other) => [
          {
            target: `./server/${room}`,
            from: `./server/${other}`,
            except: serverDoors[other] ?? [],
            message: `A feature imports another only through its door (eslint.config.js serverDoors): server/${other} opens ${(serverDoors[other] ?? []).join(", ") || "none"} (decision 0038).`,
          },
          {
            target: `./server/${other}`,
            from: `./server/${room}`,
            except: serverDoors[room] ?? [],
            message: `A feature imports another only through its door (eslint.config.js serverDoors): server/${room} opens ${(serverDoors[room] ?? []).join(", ") || "none"} (decision 0038).`,
          },
        ]),
    );
  return [
    { target: "./app/features", from: "./app/routes", message: "Features must not import routes." },
    ...featureZones,
    ...sideZones,
    {
      target: "./app/components",
      from: ["./app/routes", "./app/features"],
      message: "Shared UI must not import routes or features.",
    },
    {
      target: "./app/content",
      from: ["./app/routes", "./app/features", "./app/components"],
      message: "Content is data only.",
    },
    {
      target: "./app/config",
      from: ["./app/routes", "./app/features", "./app/components", "./app/content"],
      message: "Configuration is data only.",
    },
    {
      target: "./app/lib",
      from: ["./app/routes", "./app/features", "./app/components"],
      message: "lib holds pure helpers.",
    },
    {
      target: "./app",
      from: ["./server", "./scripts"],
      message: "The site's code never imports the build scripts or the servers.",
    },
    {
      target: "./server/storage",
      from: serverFeatures,
      message:
        "Storage imports no server feature: move what both need into server/storage/ (the feature then imports it from there).",
    },
    platformZone,
    ...roomZones,
    {
      target: ["./app", "./server", "./scripts"],
      from: "./tests",
      message: "Product code never imports test code: move what both need out of tests/.",
    },
  ];
}

/**
 * The server's foundation (decision 0038): the platform where features register, storage, the
 * HTTP and mail helpers. Every other folder of server/ is a feature's room.
 */
export const serverFoundation = ["platform", "storage", "http", "mail"];

/**
 * Each room's door: the modules (paths inside the room) a sealed room may import from it, or it
 * from a sealed room. A sealed room imports no other room and is imported by none except through
 * these doors. The rooms from before the platform (leads, inbox, site, backup, insight) still
 * reach into one another and are not sealed yet; each joins `sealedRooms` once its imports are
 * only doors.
 */
export const serverDoors = {
  leads: ["service-config.ts", "client-address.ts", "rate-limit.ts", "pages.ts", "notify/email.ts"],
  site: ["published-site.ts"],
  visits: ["door.ts"],
};
export const sealedRooms = ["visits"];

/**
 * The app modules the servers and scripts may import, always as `#app/…`
 * (package.json "imports"): Node-safe modules that read no configuration when
 * loaded (neither process.env nor app/config/site.ts) and take it as an
 * argument instead, so a bad SITE_* value is reported once, by server/serve.ts,
 * and never crashes an import. tests/lint/server-door.test.ts proves that
 * nothing these modules import, however deep, reads the configuration.
 */
export const serverDoor = [
  "site-map.ts",
  "config/site-config.ts",
  "config/site-facts.ts",
  "content/towers.ts",
  "content/tower-catalogue.ts",
  "content/tower-edits.ts",
  "content/tower-checks.ts",
  "content/tower-access.ts",
  "content/tower-overrides-file.ts",
  "content/tower-sources.ts",
  "content/property-types.ts",
  "content/en/catalogue-text.ts",
  "content/image-manifest.ts",
  "content/*/service-answers.ts",
  "content/*/form-words.ts",
  "content/*/visit-words.ts",
  "components/button-styles.ts",
  "lib/**",
  "features/leads/compose-message.ts",
  "features/leads/forms/*.ts",
  "features/inbox/inbox-service.ts",
  "features/inbox/second-factor.ts",
  "features/inbox/host.ts",
  "features/inbox/paths.ts",
  "features/visits/agenda-service.ts",
];

/** A door glob as a regular expression source ("*" one path segment, "**" any). */
function globSource(glob) {
  return glob
    .split("**")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*"))
    .join(".*");
}

/** How server/ and scripts/ reach app code: only through the door, only as #app/…. */
export const serverImportRules = [
  {
    regex: "^(\\.\\./)+app/",
    message: "server/ and scripts/ import app code as #app/…, through the door listed in eslint.config.js.",
  },
  {
    regex: `^#app/(?!(?:${serverDoor.map(globSource).join("|")})$)`,
    message:
      "Not in the server's door (eslint.config.js serverDoor): this module may read the site configuration when loaded. Import a Node-safe module that takes the configuration as an argument.",
  },
];

/**
 * Only the storage folder speaks SQL (decision 0021): the query builder, the drivers and the
 * store's raw database handle stay inside server/storage/, and every feature calls the
 * store's modules instead. Scripts (benchmarks) and tests may still reach the database directly.
 */
export const storageHome = "server/storage/**";
const sqlImports = {
  group: ["kysely", "pg", "node:sqlite"],
  message: "SQL lives in server/storage/: add a function to a storage module and call it (decision 0021).",
};
const rawDatabaseHandle = {
  selector: "MemberExpression[property.name='db']",
  message:
    "The store's database handle is storage's own: call one of its handles instead (decisions 0021, 0033).",
};
/** Timers that repeat and worker threads start in server/jobs.ts, which names them and ends them at shutdown. */
const ownTimersAndThreads = [
  {
    selector: "CallExpression[callee.name='setInterval']",
    message:
      "A repeating timer runs through server/jobs.ts (jobs.every): named, its failures reported, ended at shutdown (decision 0033).",
  },
  {
    selector: "NewExpression[callee.name='Worker']",
    message:
      "A worker thread starts through server/jobs.ts (jobs.thread), which ends it at shutdown (decision 0033).",
  },
];
const dynamicAppImport = {
  selector: "ImportExpression[source.value=/^(#app\\/|(\\.\\.\\/)+app\\/)/]",
  message: "Import app code statically, through the server's door, so the lint can check it.",
};

/** Ways to turn a string into markup; the app has no use for any of them. */
const markupSinks = [
  {
    selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
    message: "No dangerouslySetInnerHTML: render text, so nothing a visitor typed can become markup.",
  },
  {
    selector: "MemberExpression[property.name=/^(innerHTML|outerHTML|insertAdjacentHTML)$/]",
    message: "No innerHTML, outerHTML or insertAdjacentHTML: set textContent or render React text.",
  },
  {
    selector: "MemberExpression[object.name='document'][property.name=/^(write|writeln)$/]",
    message: "No document.write: set textContent or render React text.",
  },
];

/** The whole lint configuration for a project rooted at `root`. */
export function lintConfig(root) {
  return tseslint.config(
    {
      ignores: [
        "build",
        "build-*",
        ".tmp*",
        ".react-router",
        "app/generated",
        "public/generated",
        "node_modules",
        "bench",
        "test-results",
        // A small project that breaks the rules on purpose; tests/lint/import-rules.test.ts lints it.
        "tests/lint/project",
      ],
    },
    js.configs.recommended,
    tseslint.configs.recommended,
    {
      files: ["**/*.{ts,tsx}"],
      plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y, "import-x": importX },
      languageOptions: { globals: { ...globals.browser, ...globals.node } },
      rules: {
        "import-x/no-cycle": "error",
        "import-x/no-restricted-paths": ["error", { basePath: root, zones: boundaryZones(root) }],
        "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      },
      settings: {
        // Without a parser for .ts files, import-x skips them when it follows an
        // import, and no-cycle never sees a cycle.
        "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
        "import-x/resolver-next": [importX.createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })],
      },
    },
    {
      files: ["app/**/*.tsx"],
      rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
    },
    {
      // What visitors type reaches the owner's inbox: the app renders text, never markup it was given.
      files: ["app/**/*.{ts,tsx}"],
      rules: { "no-restricted-syntax": ["error", ...markupSinks] },
    },
    {
      files: ["server/**/*.{ts,tsx}", "scripts/**/*.{ts,tsx}"],
      rules: {
        "no-restricted-imports": ["error", { patterns: serverImportRules }],
        "no-restricted-syntax": ["error", dynamicAppImport],
      },
    },
    {
      // The same rules, and no SQL: outside storage, a server module never builds a query.
      files: ["server/**/*.{ts,tsx}"],
      ignores: [storageHome, "server/**/*.test.ts"],
      rules: {
        "no-restricted-imports": ["error", { patterns: [...serverImportRules, sqlImports] }],
        "no-restricted-syntax": ["error", dynamicAppImport, rawDatabaseHandle, ...ownTimersAndThreads],
      },
    },
    {
      files: [storageHome],
      ignores: ["server/**/*.test.ts"],
      rules: { "no-restricted-syntax": ["error", dynamicAppImport, ...ownTimersAndThreads] },
    },
    {
      // Where the service's timers and threads start.
      files: ["server/jobs.ts"],
      rules: { "no-restricted-syntax": ["error", dynamicAppImport, rawDatabaseHandle] },
    },
    {
      files: ["app/**/*.{ts,tsx}"],
      rules: { "no-restricted-imports": ["error", { patterns: [sqlImports] }] },
    },
    {
      files: ["scripts/build/boot-loader.js"],
      languageOptions: { globals: globals.browser, sourceType: "script" },
    },
  );
}

export default lintConfig(import.meta.dirname);
