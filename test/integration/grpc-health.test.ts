import { createRequire } from 'node:module';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { expect } from 'chai';
import { service as healthService } from 'grpc-health-check';
import { pollUntil } from '../support/poll.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { TestService } from '../support/test-service.js';

const require = createRequire(import.meta.url);
const reflectionProto =
  require.resolve('@grpc/reflection/build/proto/grpc/reflection/v1/reflection.proto');

type Unary = (
  request: object,
  callback: (error: grpc.ServiceError | null, response: any) => void,
) => void;

function healthClient(address: string): { Check: Unary } & grpc.Client {
  const Client = grpc.makeClientConstructor(healthService, 'grpc.health.v1.Health');
  return new Client(address, grpc.credentials.createInsecure()) as any;
}

function check(client: { Check: Unary }, name: string): Promise<string> {
  return new Promise((resolve, reject) =>
    client.Check({ service: name }, (error, response) =>
      error ? reject(error) : resolve(response.status),
    ),
  );
}

/** One request on the reflection stream, answered by one response. */
function reflect(address: string, request: object): Promise<any> {
  const definition = grpc.loadPackageDefinition(protoLoader.loadSync(reflectionProto)) as any;
  const client = new definition.grpc.reflection.v1.ServerReflection(
    address,
    grpc.credentials.createInsecure(),
  );
  return new Promise((resolve, reject) => {
    const stream = client.ServerReflectionInfo();
    stream.on('data', (response: unknown) => {
      resolve(response);
      stream.end();
    });
    stream.on('error', reject);
    stream.write(request);
  }).finally(() => client.close());
}

describe('gRPC health and reflection', () => {
  let proxy: TcpProxy;
  let service: TestService;
  let client: ReturnType<typeof healthClient>;

  before(async () => {
    proxy = new TcpProxy('127.0.0.1', 3306);
    service = await TestService.start({ HEALTH_CHECK_INTERVAL_MS: '50' }, await proxy.start());
    client = healthClient(service.api.grpcAddress);
  });
  after(async () => {
    client.close();
    await proxy.cut();
    await service.close();
  });

  it('lists our services, health and their files through reflection', async () => {
    const listed = await reflect(service.api.grpcAddress, { listServices: '' });
    const names = listed.listServicesResponse.service.map((entry: { name: string }) => entry.name);
    expect(names).to.include.members([
      'identity.auth.v1.AuthService',
      'identity.management.v1.ManagementService',
      'grpc.health.v1.Health',
    ]);
    const file = await reflect(service.api.grpcAddress, {
      fileContainingSymbol: 'identity.management.v1.ManagementService',
    });
    const files: Buffer[] = file.fileDescriptorResponse.fileDescriptorProto;
    expect(files.length).to.be.above(0);
    expect(Buffer.concat(files).toString('latin1')).to.contain('ImportHumanUser');
  });

  it('answers SERVING while the database is reachable, NOT_SERVING when it is not, and SERVING again', async () => {
    for (const name of [
      '',
      'identity.auth.v1.AuthService',
      'identity.management.v1.ManagementService',
    ]) {
      expect(await check(client, name), name).to.equal('SERVING');
    }

    const port = proxy.port;
    await proxy.cut();
    expect(
      await pollUntil(
        () => check(client, ''),
        (answer) => answer === 'NOT_SERVING',
        10_000,
        50,
      ),
    ).to.equal('NOT_SERVING');
    expect(await check(client, 'identity.management.v1.ManagementService')).to.equal('NOT_SERVING');

    proxy = new TcpProxy('127.0.0.1', 3306);
    await proxy.start(port);
    expect(
      await pollUntil(
        () => check(client, ''),
        (answer) => answer === 'SERVING',
        10_000,
        50,
      ),
    ).to.equal('SERVING');
  });

  it('answers NOT_FOUND for a service it does not serve', async () => {
    const error = await check(client, 'no.such.Service').catch((e: grpc.ServiceError) => e);
    expect((error as grpc.ServiceError).code).to.equal(grpc.status.NOT_FOUND);
  });
});
