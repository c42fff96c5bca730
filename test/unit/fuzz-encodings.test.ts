import { expect } from 'chai';
import { bulkSetUserMetadataOperation } from '../../services/api/operations/bulk-set-user-metadata/bulk-set-user-metadata.operation.js';
import { grpcPathOf, protoMethodAt, encodeMessage } from '../fuzz/call-encodings.js';
import type { ValidCall } from '../fuzz/valid-calls.arbitrary.js';

/**
 * The fuzzer's protobuf encoding of a call: a bent string in a bytes field still makes a message
 * at any depth, as Node decodes base64, rather than stopping the campaign (protobufjs throws
 * "invalid encoding" on a string that is not base64).
 */
describe('the fuzzer encodes a bent bytes field', () => {
  it('in a repeated message (BulkSetUserMetadata) as Node decodes base64', () => {
    const values = ['not base64 ☃ %%', 'dmFsdWU=', ''];
    const call = {
      operation: bulkSetUserMetadataOperation,
      message: { id: 'user', metadata: values.map((value, i) => ({ key: `k${i}`, value })) },
    } as unknown as ValidCall;
    const { requestType } = protoMethodAt(grpcPathOf(bulkSetUserMetadataOperation))!;
    const decoded = requestType.toObject(requestType.decode(encodeMessage(call))) as {
      id: string;
      metadata: { key: string; value?: Uint8Array }[];
    };
    expect(decoded.id).to.equal('user');
    expect(decoded.metadata.map((entry) => entry.key)).to.deep.equal(['k0', 'k1', 'k2']);
    expect(decoded.metadata.map((entry) => Buffer.from(entry.value ?? []))).to.deep.equal(
      values.map((value) => Buffer.from(value, 'base64')),
    );
  });
});
