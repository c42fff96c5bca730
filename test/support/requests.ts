/** An Import request with only what is required; the email follows the (trimmed) userName. */
export const minimalImport = (userName: string) => ({
  userName,
  profile: { firstName: 'Ada', lastName: 'Lovelace' },
  email: { email: `${userName.trim()}@example.com` },
});
