import type { Permission } from './roles.ts';

/** A permission with the permissions under it (`Pages.Users` holds `Pages.Users.Activation`). */
export interface PermissionNode {
  permission: Permission;
  children: PermissionNode[];
}

/** How much of a permission and the ones under it a role holds. */
export type Selection = 'all' | 'some' | 'none';

/** What the app knows of its permissions besides ABP's names. */
export interface TreeOptions {
  /**
   * A permission's parent where the names do not show it: a page's
   * permission under its section's (`Pages.Users` under `Pages.Beheer`), as
   * the app's list of sections has it. The section route checks both, so a
   * page's right opens nothing without its section's.
   */
  parents?: ReadonlyMap<string, string>;
  /** The order of the top level (the sections' permissions in menu order); the rest follow in ABP's order. */
  order?: readonly string[];
}

/**
 * ABP's `Role/GetAllPermissions` is a flat list, in the order of their
 * display names. Its tree is in the names: a permission's parent is the one
 * ABP names (`parentName`, where a backend's DTO has it), else the app's
 * (`options.parents`), else the longest other name it starts with followed
 * by a dot. Siblings keep the server's order; a permission whose parent is
 * not in the list is a root.
 */
export function permissionTree(permissions: readonly Permission[], options: TreeOptions = {}): PermissionNode[] {
  const nodes = new Map(permissions.map((permission): [string, PermissionNode] => [permission.name, { permission, children: [] }]));
  const parentNames = new Map<string, string>();
  for (const { permission } of nodes.values()) {
    const parent = parentNameOf(permission, nodes, options.parents);
    if (parent) parentNames.set(permission.name, parent);
  }
  // Parents named by a backend or the app could close a circle: cut it where it is found.
  for (const name of [...parentNames.keys()]) {
    const seen = new Set([name]);
    for (let up = parentNames.get(name); up !== undefined; up = parentNames.get(up)) {
      if (seen.has(up)) {
        parentNames.delete(name);
        break;
      }
      seen.add(up);
    }
  }
  const roots: PermissionNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(parentNames.get(node.permission.name) ?? '');
    (parent ? parent.children : roots).push(node);
  }
  const order = options.order ?? [];
  const rank = (node: PermissionNode) => {
    const index = order.indexOf(node.permission.name);
    return index === -1 ? order.length : index;
  };
  return roots
    .map((node, index) => ({ node, index }))
    .sort((a, b) => rank(a.node) - rank(b.node) || a.index - b.index)
    .map(({ node }) => node);
}

function parentNameOf(
  permission: Permission,
  nodes: ReadonlyMap<string, PermissionNode>,
  parents: ReadonlyMap<string, string> = new Map(),
): string | undefined {
  const { name } = permission;
  for (const named of [permission.parentName, parents.get(name)]) {
    if (named && named !== name && nodes.has(named)) return named;
  }
  for (let end = name.lastIndexOf('.'); end > 0; end = name.lastIndexOf('.', end - 1)) {
    if (nodes.has(name.slice(0, end))) return name.slice(0, end);
  }
  return undefined;
}

/** Every name in a node and below it. */
export function namesIn(node: PermissionNode): string[] {
  return [node.permission.name, ...node.children.flatMap(namesIn)];
}

export function selectionOf(node: PermissionNode, granted: ReadonlySet<string>): Selection {
  const names = namesIn(node);
  const held = names.filter((name) => granted.has(name)).length;
  return held === 0 ? 'none' : held === names.length ? 'all' : 'some';
}

/**
 * Ticks or clears a permission. Ticking one grants it with everything under
 * it, and the permissions above it too: ABP's permission checker grants a
 * child only with its parent (a child without its parent opens nothing).
 * Clearing one clears everything under it.
 */
export function toggle(tree: readonly PermissionNode[], granted: ReadonlySet<string>, name: string, on: boolean): Set<string> {
  const next = new Set(granted);
  const path = pathTo(tree, name);
  const node = path.at(-1);
  if (!node) return next;
  for (const below of namesIn(node)) {
    if (on) next.add(below);
    else next.delete(below);
  }
  if (on) for (const above of path.slice(0, -1)) next.add(above.permission.name);
  return next;
}

/**
 * The permissions a granted one needs and that are not granted: the ones
 * above it (a role saved by another tool, or before the app nested the
 * list, may hold a page's right without its section's).
 */
export function missingParents(tree: readonly PermissionNode[], granted: ReadonlySet<string>): Map<string, PermissionNode[]> {
  const missing = new Map<string, PermissionNode[]>();
  const walk = (nodes: readonly PermissionNode[], above: PermissionNode[]) => {
    for (const node of nodes) {
      const lacking = above.filter((parent) => !granted.has(parent.permission.name));
      if (granted.has(node.permission.name) && lacking.length > 0) missing.set(node.permission.name, lacking);
      walk(node.children, [...above, node]);
    }
  };
  walk(tree, []);
  return missing;
}

function pathTo(nodes: readonly PermissionNode[], name: string): PermissionNode[] {
  for (const node of nodes) {
    if (node.permission.name === name) return [node];
    const below = pathTo(node.children, name);
    if (below.length) return [node, ...below];
  }
  return [];
}
