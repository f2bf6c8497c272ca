import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROUTE_PLAN } from '../../e2e/route-plan';
import { routes } from './router';

/** Every full path the router answers, as it spells them ('/admin/users', '/products/:id', '/*'). */
function routePatterns(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    const own = route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path}`;
    const here = route.index || (route.path !== undefined && !route.children?.length) ? [own || '/'] : [];
    return [...here, ...routePatterns(route.children ?? [], own)];
  });
}

describe('the route plan of the accessibility and width journey', () => {
  const planned = new Set(ROUTE_PLAN.map((visit) => visit.pattern));

  it('visits every route of the router', () => {
    const missing = routePatterns(routes).filter((pattern) => !planned.has(pattern));
    expect(missing, 'add these routes to apps/web/e2e/route-plan.ts').toEqual([]);
  });

  it('plans no route the router does not have', () => {
    const known = new Set(routePatterns(routes));
    expect([...planned].filter((pattern) => !known.has(pattern))).toEqual([]);
  });
});
