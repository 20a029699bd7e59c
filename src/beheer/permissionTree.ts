import type { Permission } from '../management/roles.ts';

/** A permission with the permissions under it (`Pages.Users` holds `Pages.Users.Activation`). */
export interface PermissionNode {
  permission: Permission;
  children: PermissionNode[];
}

/** How much of a permission and the ones under it a role holds. */
export type Selection = 'all' | 'some' | 'none';

/**
 * ABP's `Role/GetAllPermissions` is a flat list, in the order of their
 * display names. Its tree is in the names: a permission's parent is the
 * longest other name it starts with followed by a dot. Siblings keep the
 * server's order; a permission whose parent is not in the list is a root.
 */
export function permissionTree(permissions: readonly Permission[]): PermissionNode[] {
  const nodes = new Map(permissions.map((permission): [string, PermissionNode] => [permission.name, { permission, children: [] }]));
  const roots: PermissionNode[] = [];
  for (const node of nodes.values()) {
    const parent = parentOf(node.permission.name, nodes);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

function parentOf(name: string, nodes: ReadonlyMap<string, PermissionNode>): PermissionNode | undefined {
  for (let end = name.lastIndexOf('.'); end > 0; end = name.lastIndexOf('.', end - 1)) {
    const parent = nodes.get(name.slice(0, end));
    if (parent) return parent;
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

function pathTo(nodes: readonly PermissionNode[], name: string): PermissionNode[] {
  for (const node of nodes) {
    if (node.permission.name === name) return [node];
    const below = pathTo(node.children, name);
    if (below.length) return [node, ...below];
  }
  return [];
}
