/**
 * Layer boundaries (STYLE.md rule 12), checked on every `npm test`.
 * @type {import('dependency-cruiser').IConfiguration}
 */
const INFRASTRUCTURE = "node_modules/(express|pg|pg-[^/]+|mongodb|bullmq|ioredis|@eventstore/[^/]+|@electric-sql/[^/]+)/";

module.exports = {
  forbidden: [
    {
      name: "deciders-are-pure",
      comment:
        "Deciders (and everything beside them in a feature folder) never import a web framework, a database driver or a queue: only the routes files speak HTTP, and the composition files wire things.",
      severity: "error",
      from: {
        path: "^command-api/src/[^/]+/[^/]+\\.ts$",
        pathNot: "\\.test\\.ts$|(^|/)routes\\.ts$|Routes\\.ts$|^command-api/src/http/context\\.ts$",
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
      name: "contract-is-browser-safe",
      severity: "error",
      from: { path: "^shared/src/contract/" },
      to: { path: "^shared/src/(server|events)/|" + INFRASTRUCTURE },
    },
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
