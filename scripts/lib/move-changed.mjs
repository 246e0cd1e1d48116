// How a step that builds into a scratch folder hands its files over: only a file whose bytes
// changed is moved, by an atomic rename, so a reader of the destination (a running mock, a lint
// run side by side) never sees half a file, and an unchanged file keeps its timestamp.
import { existsSync, readdirSync, readFileSync, renameSync } from "node:fs";
import path from "node:path";

/**
 * Moves each file of `scratch` whose bytes differ from its namesake in `destination` over it.
 * @returns {string[]} the names of the files it moved
 */
export function moveChangedFiles(scratch, destination) {
  const moved = [];
  for (const name of readdirSync(scratch)) {
    const target = path.join(destination, name);
    const fresh = path.join(scratch, name);
    if (existsSync(target) && readFileSync(target).equals(readFileSync(fresh))) continue;
    renameSync(fresh, target);
    moved.push(name);
  }
  return moved;
}
