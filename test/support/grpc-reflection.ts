import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ENSURE = fileURLToPath(new URL('../../../scripts/ensure-debian-package.sh', import.meta.url));
const CLIENT = fileURLToPath(new URL('../../../test/support/grpc-reflection.py', import.meta.url));

interface ReflectedMessage {
  name: string;
  file: string;
  /** Each field's message or enum type by full name, or its scalar type's number. */
  fields: Record<string, string | number>;
}

interface Reflected {
  services: Record<
    string,
    { file: string; methods: Record<string, { input: ReflectedMessage; output: ReflectedMessage }> }
  >;
  messages: Record<string, ReflectedMessage>;
  /** Every file the pool was given, in the order it was added, with its package and imports. */
  files: Record<string, { package: string; dependency: string[] }>;
}

/**
 * Everything the server at `address` says of its services through reflection (`v1` or
 * `v1alpha`), resolved by the protobuf runtime of Python (Debian's python3-grpcio and
 * python3-protobuf, with test/support/grpc-reflection.py) in a pool of its own, so no descriptor
 * passes that another implementation would refuse. `messages` are resolved too.
 */
export async function reflectWithPython(
  address: string,
  version: 'v1' | 'v1alpha',
  messages: string[] = [],
): Promise<Reflected> {
  await run(ENSURE, ['python3-grpcio', '/usr/lib/python3/dist-packages/grpc/__init__.py'], {
    timeout: 600_000,
  });
  await run(ENSURE, ['python3-protobuf', '/usr/lib/python3/dist-packages/google/protobuf'], {
    timeout: 600_000,
  });
  const { stdout } = await run('/usr/bin/python3', [CLIENT, address, version, ...messages], {
    timeout: 60_000,
  });
  return JSON.parse(stdout) as Reflected;
}
