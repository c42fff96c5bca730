/**
 * Password hashes made by other implementations than ours (each names its tool), shared by the
 * unit tests of the hash module and the import tests over HTTP.
 */
export const PASSWORD = 'correct horse battery staple';
export const NON_ASCII_PASSWORD = 'pässwörd';

interface ForeignVector {
  format: string;
  /** The tool that produced the hash; none of them is our code or a library we use. */
  madeBy: string;
  encoded: string;
  password: string;
}

export const FOREIGN_VECTORS: ForeignVector[] = [
  {
    format: 'bcrypt $2y$',
    madeBy: "htpasswd -nbB -C 5 alice 'correct horse battery staple' (Debian apache2-utils 2.4)",
    encoded: '$2y$05$2BKAacfQX64KWWA9sJ16IeV8JVWBuRI0ToNdVnOMHx7zHtNfw7guW',
    password: PASSWORD,
  },
  {
    format: 'bcrypt $2a$',
    madeBy: "published vector 'U*U' from Openwall crypt_blowfish's wrapper.c test suite",
    encoded: '$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW',
    password: 'U*U',
  },
  {
    format: 'bcrypt $2b$',
    madeBy: 'published vector from pyca/bcrypt tests/test_bcrypt.py',
    encoded: '$2b$04$cVWp4XaNU8a4v1uMRum2SO026BWLIoQMD/TXg5uZV.0P.uO8m3YEm',
    password: 'Kk4DQuMMfZL9o',
  },
  {
    format: 'argon2id',
    madeBy: "echo -n '<password>' | argon2 'NaCl-and-pepper!' -id -e (Debian argon2 CLI)",
    encoded:
      '$argon2id$v=19$m=4096,t=3,p=1$TmFDbC1hbmQtcGVwcGVyIQ$t0PmYkBsOSGQyM0qU8HlRD/fRypnaciSCYHG81kTJ9w',
    password: PASSWORD,
  },
  {
    format: 'argon2id at our default cost',
    madeBy: "echo -n '<password>' | argon2 'sea-salt-flakes9' -id -t 2 -k 19456 -p 1 -e",
    encoded:
      '$argon2id$v=19$m=19456,t=2,p=1$c2VhLXNhbHQtZmxha2VzOQ$GX368h76rJ9ybBFHNLVR4l9jttjGr/M8oVTSOT7JjxU',
    password: PASSWORD,
  },
  {
    format: 'argon2i',
    madeBy: "echo -n '<password>' | argon2 'sea-salt-flakes9' -i -e (Debian argon2 CLI)",
    encoded:
      '$argon2i$v=19$m=4096,t=3,p=1$c2VhLXNhbHQtZmxha2VzOQ$NejscKqt2pJVnOGDFrQDPuLoDmd+iQ1Iao8P+TFo5+s',
    password: PASSWORD,
  },
  {
    format: 'scrypt, standard base64',
    madeBy: "passlib 1.7.4 (Debian python3-passlib): scrypt.using(rounds=14).hash('<password>')",
    encoded:
      '$scrypt$ln=14,r=8,p=1$ZYzxfi9FCEHoPSckRCjl3A$E94yszkftwJnsYeka3dFDJsChn7pGVv4NWdY5TB9ULc',
    password: PASSWORD,
  },
  {
    format: 'scrypt, passlib default cost (64 MiB)',
    madeBy: "passlib 1.7.4: scrypt.hash('<password>') (ln=16, r=8, p=1)",
    encoded:
      '$scrypt$ln=16,r=8,p=1$wHgvxdgbQwhh7P3fu5fyng$5Mg6zgUk/t9z+lf+w9DNB7CkC4MLZPtpTm/zuq9kpAo',
    password: PASSWORD,
  },
  {
    format: "scrypt, adapted base64 ('.' for '+')",
    madeBy:
      "openssl kdf -keylen 32 -kdfopt 'pass:<password>' -kdfopt hexsalt:fbefbe3a91c27d0f5e66b8a4fbff0c12 " +
      '-kdfopt n:16384 -kdfopt r:8 -kdfopt p:1 SCRYPT (OpenSSL 3.0; python3 hashlib.scrypt agrees), ' +
      "base64 without padding, '+' written as '.'",
    encoded:
      '$scrypt$ln=14,r=8,p=1$....OpHCfQ9eZrik./8MEg$XUHxCVgrYQImz3W.Y5DzdcrURKKFDU.uljywNjK1jVA',
    password: PASSWORD,
  },
  {
    format: 'PBKDF2-HMAC-SHA1',
    madeBy: "passlib 1.7.4: pbkdf2_sha1.hash('<password>')",
    encoded: '$pbkdf2$131000$9t67lzLmPCeklBKCUOr9fw$BR3hluc4Ym03GTaqmpLDl2WbRAI',
    password: PASSWORD,
  },
  {
    format: 'PBKDF2-HMAC-SHA256',
    madeBy: "passlib 1.7.4: pbkdf2_sha256.hash('<password>')",
    encoded:
      '$pbkdf2-sha256$29000$4BwDoNRay7kXYixFyHkv5Q$eE7a36yLC89hidnJOtpF.H9EQYN/Nbj2VrVAFT88ESA',
    password: PASSWORD,
  },
  {
    format: 'PBKDF2-HMAC-SHA1 in PHC form, 64-byte key',
    madeBy: "Python 3 hashlib.pbkdf2_hmac('sha1', <password>, salt, 10000, 64), written i=,l=",
    encoded:
      '$pbkdf2-sha1$i=10000,l=64$ASNFZ4mrze/+3LqYdlQyEA$I8tK29LtplzV1t9b2tsauMW7fRofSjSKmS+SPelFNwEg377iI9/LtJoaRhNqGD2cPs9DXvrV3pgIR+SaKHF44Q',
    password: PASSWORD,
  },
  {
    format: 'PBKDF2-HMAC-SHA256 in PHC form',
    madeBy: "Python 3 hashlib.pbkdf2_hmac('sha256', <password>, salt, 27500, 32), written i=,l=",
    encoded:
      '$pbkdf2-sha256$i=27500,l=32$ASNFZ4mrze/+3LqYdlQyEA$7V9P9GemyNJ7XbMCefGaiIHNv+ok/XvHsYPBWkrifJU',
    password: PASSWORD,
  },
  {
    format: 'PBKDF2-HMAC-SHA512 in PHC form',
    madeBy: "Python 3 hashlib.pbkdf2_hmac('sha512', <password>, salt, 10000, 64), written i=,l=",
    encoded:
      '$pbkdf2-sha512$i=10000,l=64$ASNFZ4mrze/+3LqYdlQyEA$ATDSkEPq87QTNlD0ciAls+PCMOk0PXMn0IEEjjePnxZfqeQWiS4DwIZkYU1j2swL6h3T1ckWjKU9FMfcfeBRuQ',
    password: PASSWORD,
  },
  {
    format: 'PBKDF2-HMAC-SHA256, non-ASCII password',
    madeBy: "passlib 1.7.4: pbkdf2_sha256.hash('pässwörd')",
    encoded:
      '$pbkdf2-sha256$29000$5NybU6q1FiLknNMaAwAAoA$E6Ar9W6kvRwkk6DpfBw2E8ydcmPjAQTpXc7n0bIG8e0',
    password: NON_ASCII_PASSWORD,
  },
  {
    format: 'PBKDF2-HMAC-SHA512',
    madeBy: "passlib 1.7.4: pbkdf2_sha512.hash('<password>')",
    encoded:
      '$pbkdf2-sha512$25000$UQqhtBYiBADAGMO4l/Kecw$thdc.meWReEDHjO6eG0AS7s2iJRRlu/CUt5mKMpv4I7npYFBcRkLY9i5fyOKrsjc3d7FqQIpXdsRvPXJCfde/w',
    password: PASSWORD,
  },
  {
    format: 'SHA-256-crypt',
    madeBy: "openssl passwd -5 -salt 'q7RkT2vNw9LxYp4A' '<password>' (OpenSSL 3.0)",
    encoded: '$5$q7RkT2vNw9LxYp4A$wNkAUqjXuHm8nIlKHQKk5MxFpdv3OzXKBSaJVnWtgS3',
    password: PASSWORD,
  },
  {
    format: 'SHA-256-crypt with rounds',
    madeBy:
      "openssl passwd -5 -salt 'rounds=12000$Pq8sL2mN' '<password>'; python3 crypt.crypt agrees",
    encoded: '$5$rounds=12000$Pq8sL2mN$OSc2R99zFjyp91BDNoBnzH1gMUbNbfYAxbttXdKKP82',
    password: PASSWORD,
  },
  {
    format: 'SHA-512-crypt',
    madeBy: "openssl passwd -6 -salt 'Hn4sD8fGj1Kq' '<password>' (OpenSSL 3.0)",
    encoded:
      '$6$Hn4sD8fGj1Kq$2WvDO2tMz9ozAp.9CCq4veUTV0Uew7H66wwuuVN5P4yMjNzIYV1YPXHIYNYTLQqKmHLO.DVRBoPSdw5qySD12.',
    password: PASSWORD,
  },
  {
    format: 'SHA-512-crypt, non-ASCII password',
    madeBy: "python3 3.11 (glibc): crypt.crypt('pässwörd', '$6$Wc3Rt7Yu')",
    encoded:
      '$6$Wc3Rt7Yu$7usP.scXIeur1dN0nsSouCuH1ufekl8rEPFTlCBLuejQuOGoib6zcfJPIy/aXeXL5zXcKQb0U8VhRdQKksIq71',
    password: NON_ASCII_PASSWORD,
  },
  {
    format: 'MD5-crypt',
    madeBy: "openssl passwd -1 -salt 'Zx9qLm2P' '<password>' (OpenSSL 3.0)",
    encoded: '$1$Zx9qLm2P$5kcDWob7u1z94xNaldkdB.',
    password: PASSWORD,
  },
  {
    format: 'MD5-crypt, non-ASCII password',
    madeBy: "openssl passwd -1 -salt 'k3Uv8Ws1' 'pässwörd' (UTF-8 shell)",
    encoded: '$1$k3Uv8Ws1$hw/q79rxY5y2/iMQqcTqV1',
    password: NON_ASCII_PASSWORD,
  },
  {
    format: "Firebase's modified scrypt",
    madeBy:
      "Firebase's own example (github.com/firebase/scrypt README: signer key, salt separator Bw==, rounds 8, mem_cost 14), in Ory Kratos's $firescrypt$ form",
    encoded:
      '$firescrypt$ln=14,r=8,p=1$42xEC+ixf3L2lw==$lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==$Bw==$jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==',
    password: 'user1password',
  },
  {
    format: 'LDAP {SSHA}',
    madeBy: "passlib 1.7.4 ldap_salted_sha1.using(salt=bytes.fromhex('a1b2c3d4e5f60718'))",
    encoded: '{SSHA}5tWrRrGKlWZvPXl8vtN+DGiY2TyhssPU5fYHGA==',
    password: PASSWORD,
  },
  {
    format: 'LDAP {SSHA256}',
    madeBy: 'passlib 1.7.4 ldap_salted_sha256, a 16-byte salt',
    encoded: '{SSHA256}QJyqyPjUql9SxsMfMXOAMTkwAe53gsKKdwxYFWBdN+QPHi08S1ppeIeWpbTD0uHw',
    password: PASSWORD,
  },
  {
    format: 'LDAP {SSHA512}, non-ASCII password',
    madeBy: 'passlib 1.7.4 ldap_salted_sha512, a 16-byte salt',
    encoded:
      '{SSHA512}AJqh0zCwPqy6rtMlFbzHDLARCJ1zcjyGlCMTKfypB++dhM3n4EAJGKX47lT44uE9EA9e30ty7fH8Py2MvzAPvQARIjNEVWZ3iJmqu8zd7v8=',
    password: NON_ASCII_PASSWORD,
  },
  {
    format: 'phpass $P$ (WordPress)',
    madeBy: "passlib's own phpass test vector (passlib/tests/test_handlers.py)",
    encoded: '$P$9IQRaTwmfeRo7ud9Fh4E2PdI0S3r.L0',
    password: 'test12345',
  },
  {
    format: 'phpass $H$ (phpBB)',
    madeBy: "passlib 1.7.4 phpass.using(salt='Qx7vLm2P', rounds=11, ident='H')",
    encoded: '$H$9Qx7vLm2PRAyBQweRNu9HDhrNIg5zl.',
    password: PASSWORD,
  },
];
