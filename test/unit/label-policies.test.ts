import { expect } from 'chai';
import { labelOwnerOf } from '../../services/api/accounts/label-policies.js';
import { labelStylesheet } from '../../services/api/login/kit/branding-routes.js';
import { imageTypeOf } from '../../services/api/operations/label-policies.js';
import type { PrivateLabelingSetting } from '../../shared/db/entities/project.entity.js';

describe('label policies', () => {
  describe('whose policy the pages show (the contract’s rule)', () => {
    const rule: [PrivateLabelingSetting | undefined, string | undefined, string | undefined][] = [
      ['PRIVATE_LABELING_SETTING_UNSPECIFIED', undefined, 'user-org'],
      [
        'PRIVATE_LABELING_SETTING_ENFORCE_PROJECT_RESOURCE_OWNER_POLICY',
        'project-org',
        'project-org',
      ],
      [
        'PRIVATE_LABELING_SETTING_ALLOW_LOGIN_USER_RESOURCE_OWNER_POLICY',
        'project-org',
        'user-org',
      ],
      [undefined, undefined, 'user-org'],
    ];
    for (const [setting, before, after] of rule) {
      it(`${setting ?? 'no project'}: ${before ?? 'the instance default'}, then ${after}`, () => {
        const projectOrg = setting ? 'project-org' : undefined;
        expect(labelOwnerOf(setting, projectOrg, undefined)).to.equal(before);
        expect(labelOwnerOf(setting, projectOrg, 'user-org')).to.equal(after);
      });
    }
  });

  it('tells PNG, JPEG, GIF and WebP by their first bytes, and nothing else', () => {
    const bytes = (...parts: (string | number[])[]) =>
      Buffer.concat(
        parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))),
      );
    expect(imageTypeOf(bytes([0x89], 'PNG\r\n\x1a\n', [0]))).to.equal('image/png');
    expect(imageTypeOf(bytes([0xff, 0xd8, 0xff, 0xe0]))).to.equal('image/jpeg');
    expect(imageTypeOf(bytes('GIF87a'))).to.equal('image/gif');
    expect(imageTypeOf(bytes('GIF89a'))).to.equal('image/gif');
    expect(imageTypeOf(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).to.equal('image/webp');
    for (const other of [
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
      '<?xml version="1.0"?>',
      'GIF8',
      'RIFF....WAVE',
      '',
    ])
      expect(imageTypeOf(bytes(other)), JSON.stringify(other)).to.equal(undefined);
  });

  it('writes only the colours set, each checked, as the custom properties profile.css reads', () => {
    expect(
      labelStylesheet({
        primaryColor: '#abc',
        backgroundColor: null,
        warningColor: '#A0B1C2',
        fontColor: 'red;} body{display:none',
      }),
    ).to.equal(':root {\n  --primary-color: #abc;\n  --warning-color: #A0B1C2;\n}\n');
  });
});
