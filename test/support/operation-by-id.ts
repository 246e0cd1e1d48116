// One of the bundle's operations by its operationId, in the shape the sample writers of scripts/lib
// take ({ method, path, operation }): for tests that pin what is written for a named operation.
import { bundleOperations, type BundleOperation } from "./bundle.js";

export function operationById(operationId: string): BundleOperation {
  const found = bundleOperations.find(({ operation }) => operation.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId}`);
  return found;
}
