import { expect } from 'chai';
import { expectUnchanged, ifMatchOf } from '../../services/api/operations/if-match.js';
import { ServiceError } from '../../shared/errors/service-error.js';

describe('If-Match (RFC 9110 §13.1.1)', () => {
  it('reads *, strong and weak tags, bare sequences, and passes over empty elements', () => {
    expect(ifMatchOf(undefined)).to.equal(undefined);
    expect(ifMatchOf(' * ')).to.equal('*');
    expect(ifMatchOf('"4711"')).to.deep.equal(['4711']);
    expect(ifMatchOf('"1", , "2",')).to.deep.equal(['1', '2']);
    expect(ifMatchOf('W/"3", "4"')).to.deep.equal(['4']);
    expect(ifMatchOf('"a,b"')).to.deep.equal(['a,b']);
    expect(ifMatchOf('4711')).to.deep.equal(['4711']);
  });

  it('refuses what is no list of entity tags, or more than 20', () => {
    for (const header of ['', ' , ', 'nonsense', '"1" "2"', '"open', Array(21).fill('"1"').join()])
      expect(() => ifMatchOf(header), header).to.throw(ServiceError, /if-match/);
  });

  it('lets a change through on *, a matching tag or none, and refuses a weak or another tag', () => {
    expect(() => expectUnchanged(undefined, '7')).not.to.throw();
    expect(() => expectUnchanged('*', '7')).not.to.throw();
    expect(() => expectUnchanged(ifMatchOf('"6", "7"'), '7')).not.to.throw();
    for (const header of ['"6"', 'W/"7"'])
      expect(() => expectUnchanged(ifMatchOf(header), '7'), header)
        .to.throw(ServiceError)
        .with.property('id', 'RESOURCE-CHANGED');
  });
});
