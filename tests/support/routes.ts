import type { TestApp } from "./app.ts";

export interface MountedRoute {
  method: string;
  /** Express's template, with its :params ("/api/customers/:id"). */
  path: string;
}

/**
 * Every route the app serves under /api, found by walking Express 5's router stacks (app → the
 * command and read routers → their feature routers): for suites that must cover every endpoint
 * (the auditor's refusals, the OpenAPI document).
 */
export function mountedRoutes(app: TestApp): MountedRoute[] {
  const found: MountedRoute[] = [];
  const walk = (stack: any[], prefix: string) => {
    for (const layer of stack) {
      const raw = typeof layer.rawPath === "string" ? layer.rawPath : layer.route?.path;
      const here = typeof raw === "string" && raw !== "/" ? `${prefix}${raw}` : prefix;
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods).filter((m) => layer.route.methods[m] && m !== "_all")) {
          found.push({ method: method.toUpperCase(), path: here });
        }
      } else if (Array.isArray(layer.handle?.stack)) {
        walk(layer.handle.stack, here);
      }
    }
  };
  walk((app.bahi.app as any).router.stack, "");
  const unique = new Map(found.filter((route) => route.path.startsWith("/api/")).map((route) => [`${route.method} ${route.path}`, route]));
  return [...unique.values()];
}
