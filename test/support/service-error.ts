import { expect } from 'chai';
import {
  ERROR_CATALOGUE,
  type CatalogueEntry,
  type ErrorId,
} from '../../shared/errors/error-catalogue.js';
import type { ApiResponse } from './service-client.js';

export const ERROR_DETAIL = 'type.googleapis.com/identity.v1.ErrorDetail';
export const BAD_REQUEST = 'type.googleapis.com/google.rpc.BadRequest';

export interface FieldViolation {
  field: string;
  description: string;
}

/**
 * Checks the documented error body: `code`, a `message`, and `details` that are typed and end with
 * the ErrorDetail of the error's stable id; with `fields`, one BadRequest naming exactly those
 * fields, in any order. Returns the violations, for a test to look closer.
 */
export function expectServiceError(
  response: ApiResponse,
  expected: { status: number; code: number; id?: string; fields?: string[] },
): FieldViolation[] {
  const { body } = response;
  expect(response.status, JSON.stringify(body)).to.equal(expected.status);
  expect(body).to.have.all.keys('code', 'message', 'details');
  expect(body.code).to.equal(expected.code);
  expect(body.message).to.be.a('string').and.not.equal('');
  expect(
    body.details.every((detail: { '@type'?: string }) => typeof detail['@type'] === 'string'),
  ).to.equal(true);
  const last = body.details.at(-1);
  expect(last).to.deep.equal({
    '@type': ERROR_DETAIL,
    id: expected.id ?? last?.id,
    message: body.message,
  });
  expect(last.id).to.be.a('string').and.not.equal('');
  const badRequests = badRequestsOf(response);
  if (expected.fields) {
    expect(badRequests).to.have.length(1);
    expect(
      badRequests[0]!.fieldViolations.map((violation: FieldViolation) => violation.field),
    ).to.have.members(expected.fields);
  }
  return violationsOf(response);
}

/** expectServiceError for the error `id`, with the status and code the catalogue gives it. */
export function expectErrorOf(response: ApiResponse, id: ErrorId, fields?: string[]): void {
  const { http, code }: CatalogueEntry = ERROR_CATALOGUE[id];
  expectServiceError(response, { status: http!, code, id, fields });
}

/** The field violations of an error body's BadRequest detail; none without one. */
export function violationsOf(response: ApiResponse): FieldViolation[] {
  return badRequestsOf(response)[0]?.fieldViolations ?? [];
}

function badRequestsOf(response: ApiResponse): { fieldViolations: FieldViolation[] }[] {
  return response.body.details.filter(
    (detail: { '@type': string }) => detail['@type'] === BAD_REQUEST,
  );
}
