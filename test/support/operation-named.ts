import { operations } from '../../services/api/operations/operations.js';
import type { Operation } from '../../services/api/operations/operation.js';

/**
 * The operation of a gRPC method's name, or of `<Service>/<Method>` for a method of a service
 * other than the management API whose name the management API has too
 * (`AdminService/GetLoginPolicy`).
 */
export function operationNamed(name: string): Operation {
  const [method, service] = name.split('/').reverse();
  const operation = operations.find(
    (candidate) =>
      candidate.grpc.method === method &&
      (service === undefined || candidate.grpc.service.endsWith(`.${service}`)),
  );
  if (!operation) throw new Error(`no operation ${name}`);
  return operation;
}
