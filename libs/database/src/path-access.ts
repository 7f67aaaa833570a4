import { lstatSync, readdirSync, realpathSync, type Stats } from 'node:fs';
import { dirname, join, parse, relative, resolve } from 'node:path';

/**
 * Whether an OS user may reach a path, decided from permission bits alone, the way the kernel does for a process
 * that has just switched to that user: Node's `spawn({ uid, gid })` (libuv) drops the supplementary groups, so
 * only the user id and the primary group count. ACLs and mandatory access control are not looked at.
 */
export interface Identity {
  uid: number;
  gid: number;
}

/** The part of an `fs.Stats` the decision needs. */
export interface Ownership {
  mode: number;
  uid: number;
  gid: number;
}

export const READ = 4;
export const WRITE = 2;
export const EXECUTE = 1;

/** Whether `who` has every permission of `wanted` (READ | WRITE | EXECUTE) on `entry`: owner bits, else group, else others. */
export function allows(entry: Ownership, who: Identity, wanted: number): boolean {
  if (who.uid === 0) return true;
  const shift = entry.uid === who.uid ? 6 : entry.gid === who.gid ? 3 : 0;
  return ((entry.mode >> shift) & wanted) === wanted;
}

/** The folders a lookup of the absolute `path` enters: `/`, `/a`, `/a/b` for `/a/b`. */
export function foldersOnTheWay(path: string): string[] {
  const absolute = resolve(path);
  const { root } = parse(absolute);
  const folders = [root];
  for (let folder = absolute; folder !== root; folder = dirname(folder)) folders.splice(1, 0, folder);
  return folders;
}

/**
 * The first folder from `/` down to `path` itself that `who` may not enter (no execute permission), or undefined
 * when `who` can reach `path`. `path` must be free of symbolic links (see `blockedFolder`).
 */
export function firstBlockedFolder(
  path: string,
  who: Identity,
  statOf: (folder: string) => Ownership,
): string | undefined {
  return foldersOnTheWay(path).find((folder) => !allows(statOf(folder), who, EXECUTE));
}

/** `firstBlockedFolder` on the disk, after resolving symbolic links: what stops `who` from entering the folder `path`. */
export function blockedFolder(path: string, who: Identity): string | undefined {
  return firstBlockedFolder(realpathSync(path), who, lstatSync);
}

/**
 * What keeps `who` from using the tree under the folder `root` (a PostgreSQL installation): a folder on the way or
 * in the tree it may not enter or list, or a file it may not read (executables: read and execute). Undefined when
 * the whole tree is usable. Symbolic links inside the tree are assumed to point into it and are not followed.
 */
export function blockedInTree(
  root: string,
  who: Identity,
  isExecutable: (relativePath: string) => boolean,
): string | undefined {
  const real = realpathSync(root);
  const onTheWay = firstBlockedFolder(real, who, lstatSync);
  if (onTheWay) return onTheWay;
  const pending = [real];
  for (let folder = pending.pop(); folder !== undefined; folder = pending.pop()) {
    if (!allows(lstatSync(folder), who, READ | EXECUTE)) return folder;
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      const entry: Stats = lstatSync(path);
      if (entry.isDirectory()) pending.push(path);
      else if (entry.isFile() && !allows(entry, who, isExecutable(relative(real, path)) ? READ | EXECUTE : READ))
        return path;
    }
  }
  return undefined;
}
