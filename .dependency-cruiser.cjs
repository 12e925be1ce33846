/**
 * Layer boundaries (STYLE.md rule 12), checked on every `npm test`.
 * @type {import('dependency-cruiser').IConfiguration}
 */
const INFRASTRUCTURE = "node_modules/(express|express-rate-limit|rate-limit-redis|pg|pg-[^/]+|mongodb|bullmq|ioredis|@eventstore/[^/]+|@electric-sql/[^/]+)/";

module.exports = {
  forbidden: [
    {
      name: "deciders-are-pure",
      comment:
        "Deciders (and everything beside them in a feature folder) never import a web framework, a database driver or a queue: only the routes files speak HTTP, and the composition files wire things.",
      severity: "error",
      from: {
        path: "^command-api/src/[^/]+/[^/]+\\.ts$",
        // loginLimits.ts: the auth routes' per-IP limits, express-rate-limit over Redis (issue 12).
        pathNot: "\\.test\\.ts$|(^|/)routes\\.ts$|Routes\\.ts$|^command-api/src/handling/context\\.ts$|^command-api/src/auth/loginLimits\\.ts$",
      },
      to: { dependencyTypes: ["npm", "npm-dev", "npm-no-pkg", "npm-unknown", "core"], path: INFRASTRUCTURE + "|^(node:)?(http|https|net|fs|fs/promises|child_process)$" },
    },
    {
      name: "projections-are-pure",
      comment: "A projection is an evolve over documents: no I/O.",
      severity: "error",
      from: { path: "^projector/src/[^/]+/" },
      to: { dependencyTypes: ["npm", "npm-dev", "npm-no-pkg", "npm-unknown", "core"], path: INFRASTRUCTURE },
    },
    {
      name: "command-side-never-reads-read-models",
      severity: "error",
      from: { path: "^command-api/" },
      to: { path: "^(read-api|projector)/|shared/src/server/sql/sqlReadStore" },
    },
    {
      name: "read-api-never-touches-the-write-side",
      severity: "error",
      from: { path: "^read-api/" },
      to: { path: "^(command-api|projector)/|shared/src/server/sql/sqlEventStore|shared/src/events/" },
    },
    {
      name: "projector-is-not-an-api",
      severity: "error",
      from: { path: "^projector/" },
      to: { path: "^(command-api|read-api)/" },
    },
    {
      name: "client-imports-only-the-browser-safe-shared",
      severity: "error",
      from: { path: "^client/" },
      to: { path: "^(shared/src/(server|events|returns)|command-api|projector|read-api)/" },
    },
    {
      name: "client-no-node-builtins",
      severity: "error",
      from: { path: "^client/" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "client-only-the-router-imports-pages",
      comment:
        "A page is a leaf under the router (app.tsx): forms take their hooks from client/src/api/ and their parts from components/, never from a page, so no page and form can import each other in a circle (issue 12).",
      severity: "error",
      from: { path: "^client/src/", pathNot: "^client/src/app\\.tsx$" },
      to: { path: "^client/src/pages/" },
    },
    {
      name: "contract-is-browser-safe",
      severity: "error",
      from: { path: "^shared/src/contract/" },
      to: { path: "^shared/src/(server|events)/|" + INFRASTRUCTURE },
    },
    // Everywhere, the client included (issue 12). Imports of types only vanish at compile time and are not followed.
    { name: "no-circular", severity: "error", from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)dist/" },
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
