import { createRequire } from 'node:module';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { expect } from 'chai';
import { service as healthService } from 'grpc-health-check';
import { operations } from '../../services/api/operations/operations.js';
import { loadProtoRoot } from '../../services/api/transports/grpc/proto-files.js';
import { reflectWithPython } from '../support/grpc-reflection.js';
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

  for (const version of ['v1', 'v1alpha'] as const) {
    it(`serves every file of proto/ as compiled through reflection ${version}: a Python descriptor pool resolves every service, method and message`, async function () {
      this.timeout(600_000); // the first run may install python3-grpcio with apt-get
      const errorTypes = [
        'google.rpc.Status',
        'google.rpc.BadRequest',
        'google.rpc.RetryInfo',
        'identity.v1.ErrorDetail',
      ];
      const reflected = await reflectWithPython(service.api.grpcAddress, version, errorTypes);

      expect(Object.keys(reflected.services)).to.include.members([
        'identity.auth.v1.AuthService',
        'identity.management.v1.ManagementService',
        'grpc.health.v1.Health',
      ]);
      const root = loadProtoRoot();
      for (const operation of operations) {
        const { service: name, method } = operation.grpc;
        const declared = root.lookupService(name).methods[method]!;
        declared.resolve();
        const reflectedMethod = reflected.services[name]!.methods[method]!;
        expect(reflectedMethod.input.name).to.equal(
          declared.resolvedRequestType!.fullName.slice(1),
        );
        expect(reflectedMethod.output.name).to.equal(
          declared.resolvedResponseType!.fullName.slice(1),
        );
      }
      expect(reflected.services['identity.management.v1.ManagementService']!.file).to.equal(
        'identity/management/v1/management.proto',
      );
      const importRequest =
        reflected.services['identity.management.v1.ManagementService']!.methods.ImportHumanUser!
          .input;
      expect(importRequest.file).to.equal('identity/management/v1/management.proto');
      expect(importRequest.fields).to.include({
        profile: 'identity.management.v1.ImportHumanUserRequest.Profile',
        idps: 'identity.management.v1.ImportHumanUserRequest.IDP',
      });
      const profileResponse =
        reflected.services['identity.auth.v1.AuthService']!.methods.GetMyProfile!.output;
      expect(profileResponse.fields).to.deep.equal({
        details: 'identity.v1.ObjectDetails',
        profile: 'identity.v1.Profile',
      });
      for (const name of errorTypes) expect(reflected.messages[name]!.name).to.equal(name);
      expect(reflected.messages['google.rpc.Status']!.fields.details).to.equal(
        'google.protobuf.Any',
      );
      expect(reflected.files['identity/management/v1/management.proto']).to.deep.equal({
        package: 'identity.management.v1',
        dependency: [
          'google/protobuf/duration.proto',
          'google/protobuf/timestamp.proto',
          'identity/v1/object.proto',
          'identity/v1/user.proto',
          'google/rpc/error_details.proto',
          'identity/management/v1/project_access.proto',
          'identity/management/v1/machine_users.proto',
          'identity/management/v1/user_reads.proto',
          'identity/management/v1/user_lifecycle.proto',
          'identity/management/v1/project_reads.proto',
          'identity/management/v1/org_reads.proto',
          'identity/management/v1/login_policy.proto',
          'identity/management/v1/idps.proto',
          'identity/management/v1/user_metadata.proto',
          'identity/management/v1/events.proto',
        ],
      });
      expect(Object.keys(reflected.files)).to.include.members([
        'google/protobuf/any.proto',
        'google/protobuf/timestamp.proto',
        'google/rpc/status.proto',
        'google/rpc/error_details.proto',
        'identity/v1/error.proto',
      ]);
    });
  }

  it('answers SERVING while the database is reachable, NOT_SERVING when it is not, and SERVING again', async () => {
    for (const name of [
      '',
      'identity.auth.v1.AuthService',
      'identity.management.v1.ManagementService',
    ]) {
      expect(await check(client, name), name).to.equal('SERVING');
    }

    const overall = (status: string) =>
      pollUntil(
        () => check(client, ''),
        (answer) => answer === status,
        10_000,
        50,
      );
    const port = proxy.port;
    await proxy.cut();
    expect(await overall('NOT_SERVING')).to.equal('NOT_SERVING');
    expect(await check(client, 'identity.management.v1.ManagementService')).to.equal('NOT_SERVING');

    proxy = new TcpProxy('127.0.0.1', 3306);
    await proxy.start(port);
    expect(await overall('SERVING')).to.equal('SERVING');
  });

  it('answers NOT_FOUND for a service it does not serve', async () => {
    const error = await check(client, 'no.such.Service').catch((e: grpc.ServiceError) => e);
    expect((error as grpc.ServiceError).code).to.equal(grpc.status.NOT_FOUND);
  });

  /** `bytes` sent as the request of `path`, unary or on a stream: the status the server ends with. */
  function sendRaw(path: string, bytes: Buffer, stream: boolean): Promise<grpc.ServiceError> {
    const raw = new grpc.Client(service.api.grpcAddress, grpc.credentials.createInsecure());
    const identity = (value: Buffer) => value;
    return new Promise<grpc.ServiceError>((resolve) => {
      if (!stream) {
        raw.makeUnaryRequest(path, identity, identity, bytes, (error) => resolve(error!));
        return;
      }
      const call = raw.makeBidiStreamRequest(path, identity, identity);
      call.on('data', () => undefined);
      call.on('error', resolve);
      call.write(bytes);
    }).finally(() => raw.close());
  }

  it('answers a message it cannot decode with INVALID_ARGUMENT in the error shape, not INTERNAL', async () => {
    // Field 1 as a varint, and then no varint: no protobuf decoder reads it.
    const garbage = Buffer.from([0x08]);
    const root = loadProtoRoot();
    for (const [path, stream] of [
      ['/grpc.health.v1.Health/Check', false],
      ['/grpc.reflection.v1.ServerReflection/ServerReflectionInfo', true],
      ['/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo', true],
      ['/identity.management.v1.ManagementService/UpdateProject', false],
    ] as const) {
      const error = await sendRaw(path, garbage, stream);
      expect(error.code, `${path}: ${error.details}`).to.equal(grpc.status.INVALID_ARGUMENT);
      const [details] = error.metadata.get('grpc-status-details-bin') as Buffer[];
      const status = root.lookupType('google.rpc.Status').decode(details!) as unknown as {
        details: { type_url: string; value: Uint8Array }[];
      };
      const detail = status.details.find((any) => any.type_url.endsWith('identity.v1.ErrorDetail'));
      expect(detail, path).to.not.equal(undefined);
      const { id } = root
        .lookupType('identity.v1.ErrorDetail')
        .decode(detail!.value) as unknown as {
        id: string;
      };
      expect(id, path).to.equal('REQUEST-INVALID');
    }
    // And the health service still answers what it can read.
    expect(await check(client, '')).to.equal('SERVING');
  });
});
