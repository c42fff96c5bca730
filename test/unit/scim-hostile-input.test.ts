import { expect } from 'chai';
import { bulkRequestOf } from '../../services/api/scim/scim-bulk-requests.js';
import { patchedUser } from '../../services/api/scim/scim-changes.js';
import { ScimError } from '../../services/api/scim/scim-errors.js';
import { userQueriesOf } from '../../services/api/scim/scim-filter.js';
import { listRequestOf } from '../../services/api/scim/scim-users.js';
import { checkedBody, MAX_BODY_DEPTH } from '../../services/api/scim/scim-values.js';

const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const BULK = 'urn:ietf:params:scim:api:messages:2.0:BulkRequest';
const USER = { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: 'ada' };

function refusal(run: () => unknown): ScimError {
  try {
    run();
  } catch (error) {
    expect(error).to.be.instanceOf(ScimError);
    return error as ScimError;
  }
  throw new Error('not refused');
}

const nested = (depth: number): unknown => {
  let value: unknown = 'x';
  for (let level = 0; level < depth; level++) value = [value];
  return value;
};

describe('SCIM input meant to harm: refused as SCIM errors, nothing else touched', () => {
  afterEach(() => {
    // Whatever a case did, no object in the process may have gained a property.
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
  });

  for (const path of [
    '__proto__.polluted',
    'urn:ietf:params:scim:schemas:core:2.0:User:__proto__.polluted',
    'constructor.prototype.polluted',
    'emails[type eq "work"].__PROTO__',
  ])
    it(`refuses a PATCH path naming a prototype: ${path}`, () => {
      const error = refusal(() =>
        patchedUser(USER, { schemas: [PATCH_OP], Operations: [{ op: 'add', path, value: 1 }] }),
      );
      expect(error).to.include({ status: 400, scimType: 'invalidPath' });
    });

  it('refuses a path-less replace whose keys name a prototype', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}}') as unknown;
    const error = refusal(() =>
      patchedUser(USER, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value }] }),
    );
    expect(error).to.include({ status: 400, scimType: 'invalidPath' });
  });

  it(`refuses a body nested deeper than ${MAX_BODY_DEPTH}, however deep, without recursion`, () => {
    expect(() => checkedBody({ a: nested(MAX_BODY_DEPTH - 2) })).not.to.throw();
    for (const depth of [MAX_BODY_DEPTH, 200_000]) {
      const error = refusal(() => checkedBody({ Operations: [{ data: nested(depth) }] }));
      expect(error).to.include({ status: 400, scimType: 'invalidSyntax' });
    }
  });

  it("takes in a Bulk's data only the request's own bulkIds as references", () => {
    const bulk = bulkRequestOf({
      schemas: [BULK],
      Operations: [
        {
          method: 'POST',
          path: '/Users',
          bulkId: 'ada',
          data: { ...USER, password: 'bulkId:S3cret!' },
        },
        {
          method: 'POST',
          path: '/Groups',
          bulkId: 'g',
          data: { members: [{ value: 'bulkId:ada' }] },
        },
      ],
    });
    expect(bulk.operations.map((operation) => operation.references)).to.deep.equal([[], ['ada']]);
  });

  it('refuses a name.formatted comparison that would be thousands of terms', () => {
    const error = refusal(() => userQueriesOf(`name.formatted eq "${' '.repeat(100_000)}"`));
    expect(error).to.include({ status: 400, scimType: 'invalidFilter' });
    expect(() => userQueriesOf('name.formatted eq "Ada Augusta Lovelace"')).not.to.throw();
  });

  it('refuses a filter longer than any List Users can take', () => {
    const error = refusal(() => listRequestOf({ filter: `userName eq "${'a'.repeat(20_000)}"` }));
    expect(error).to.include({ status: 400, scimType: 'invalidFilter' });
  });
});
