/**
 * The self-service profile page: signs in through the service's OpenID provider, reads the profile with
 * GetMyProfile and saves it with UpdateMyProfile, both over gRPC-web with Google's grpc-web
 * client. Field violations from the google.rpc.BadRequest detail are shown next to the fields.
 *
 * The messages are read and written by protobuf-es from the descriptors the service is built
 * with (its proto3 JSON mapping, as the JSON transport's): it compiles no code at run time, so
 * the page's Content-Security-Policy needs no 'unsafe-eval'.
 */
import {
  createFileRegistry,
  fromBinary,
  fromJson,
  toBinary,
  toJson,
  type JsonValue,
} from '@bufbuild/protobuf';
import { FileDescriptorSetSchema } from '@bufbuild/protobuf/wkt';
import { GrpcWebClientBase, MethodDescriptor, MethodType, type RpcError } from 'grpc-web';
import { showPasskeys } from './profile-passkeys.js';
import { currentSession, signOut, startSignIn, type Session } from './profile-sign-in.js';

const SERVICE = 'identity.auth.v1.AuthService';
const FIELDS = ['firstName', 'lastName', 'nickName', 'displayName', 'preferredLanguage', 'gender'];
/** How long a save waits for the read model to show it. */
const READ_BACK_MS = 10_000;

interface Details {
  sequence: string;
  /** RFC 3339. */
  changeDate?: string;
}
interface Profile {
  [field: string]: string | undefined;
}
class CallError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly id: string | undefined,
    readonly violations: { field: string; description: string }[],
  ) {
    super(message);
  }
}

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const status = (text: string) => (byId('status').textContent = text);

async function main(): Promise<void> {
  let session: Session | undefined;
  const descriptors = await (await fetch('/ui/profile/protos.binpb')).arrayBuffer();
  const registry = createFileRegistry(
    fromBinary(FileDescriptorSetSchema, new Uint8Array(descriptors)),
  );
  const client = new GrpcWebClientBase({ format: 'binary' });

  /** One unary call; a failure is a CallError with the status details decoded. */
  function call<T>(method: string, request: object): Promise<T> {
    const { input, output } = registry
      .getService(SERVICE)!
      .methods.find((known) => known.name === method)!;
    const descriptor = new MethodDescriptor(
      `/${SERVICE}/${method}`,
      MethodType.UNARY,
      Object as never,
      Object as never,
      (message: object) => toBinary(input, fromJson(input, message as JsonValue)),
      (bytes: Uint8Array) => toJson(output, fromBinary(output, bytes)),
    );
    const token = session?.accessToken ?? '';
    return client
      .unaryCall(
        `${location.origin}/${SERVICE}/${method}`,
        request,
        { authorization: `Bearer ${token}` },
        descriptor,
      )
      .then(
        (response) => response as T,
        (error: RpcError) => {
          throw callError(error);
        },
      );
  }

  function callError(error: RpcError): CallError {
    const raw = error.metadata?.['grpc-status-details-bin'];
    let id: string | undefined;
    let violations: { field: string; description: string }[] = [];
    if (raw) {
      const statusType = registry.getMessage('google.rpc.Status')!;
      // The details (Any) come out as their messages, named by `@type`.
      const decoded = toJson(statusType, fromBinary(statusType, base64(raw)), { registry }) as {
        details?: { '@type': string; fieldViolations?: typeof violations; id?: string }[];
      };
      for (const detail of decoded.details ?? []) {
        if (detail['@type'] === 'type.googleapis.com/google.rpc.BadRequest')
          violations = detail.fieldViolations ?? [];
        if (detail['@type'] === 'type.googleapis.com/identity.v1.ErrorDetail') id = detail.id;
      }
    }
    return new CallError(error.code, error.message, id, violations);
  }

  const form = byId<HTMLFormElement>('profile-form');
  const input = (name: string) => form.elements.namedItem(name) as HTMLInputElement;

  function show(profile: Profile, details: Details): void {
    for (const name of FIELDS)
      input(name).value = profile[name] ?? (name === 'gender' ? 'GENDER_UNSPECIFIED' : '');
    byId('profile').dataset.sequence = details.sequence;
    byId('changed').textContent = details.changeDate
      ? `Last changed ${new Date(details.changeDate).toLocaleString()}`
      : '';
  }

  function showViolations(violations: { field: string; description: string }[]): void {
    for (const name of FIELDS) {
      const violation = violations.find((v) => v.field === name);
      byId(`${name}-error`).textContent = violation ? describe(name, violation.description) : '';
      input(name).closest('.field')!.classList.toggle('invalid', Boolean(violation));
      input(name).setAttribute('aria-invalid', String(Boolean(violation)));
    }
  }

  /** Reads the profile, waiting for the read model to reach `atLeast` when given. */
  async function load(atLeast?: bigint): Promise<void> {
    const deadline = Date.now() + READ_BACK_MS;
    for (;;) {
      try {
        const { profile, details } = await call<{ profile: Profile; details: Details }>(
          'GetMyProfile',
          {},
        );
        if (atLeast === undefined || BigInt(details.sequence) >= atLeast || Date.now() > deadline) {
          show(profile, details);
          return;
        }
      } catch (error) {
        if (
          !(error instanceof CallError) ||
          error.id !== 'PROFILE-NOT-FOUND' ||
          Date.now() > deadline
        )
          throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  async function showProfile(): Promise<void> {
    status('Loading your profile…');
    try {
      await load();
      byId('who').textContent = `Signed in as ${session!.name}`;
      byId('sign-in').hidden = true;
      byId('profile').hidden = false;
      status('');
      // The passkeys say their own failures; the profile stays.
      await showPasskeys(session!.accessToken).catch((error: unknown) => {
        byId('passkeys-status').textContent = `Your passkeys could not be loaded: ${String(error)}`;
      });
    } catch (error) {
      byId('sign-in').hidden = false;
      byId('profile').hidden = true;
      status(`Your profile could not be loaded: ${(error as Error).message}`);
    }
  }

  byId('sign-in-button').addEventListener('click', () => {
    status('Signing in…');
    void startSignIn();
  });

  byId('sign-out').addEventListener('click', () => {
    void signOut(session);
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const request: Record<string, string> = {};
    for (const name of FIELDS) {
      const value = input(name).value.trim();
      if (value !== '' || ['firstName', 'lastName', 'displayName'].includes(name))
        request[name] = value;
    }
    status('Saving…');
    void call<{ details: Details }>('UpdateMyProfile', request).then(
      async ({ details }) => {
        showViolations([]);
        await load(BigInt(details.sequence));
        status('Saved.');
      },
      (error: unknown) => {
        if (error instanceof CallError && error.violations.length > 0) {
          showViolations(error.violations);
          status('Please correct the marked fields.');
        } else {
          status(`Not saved: ${(error as Error).message}`);
        }
      },
    );
  });

  try {
    session = await currentSession();
  } catch (error) {
    status(`Signing in failed: ${(error as Error).message}`);
  }
  if (session) await showProfile();
}

/** "must not be empty" under "First name" reads as "First name must not be empty". */
function describe(field: string, description: string): string {
  const label = document.querySelector(`label[for="${field}"]`)?.firstChild?.textContent?.trim();
  return `${label ?? field} ${description}`;
}

function base64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

void main();
