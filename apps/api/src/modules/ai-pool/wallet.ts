import { keccak_256 } from '@noble/hashes/sha3.js';

/**
 * An EVM address: 0x + 40 hex digits. All-lower or all-upper case carries no checksum; mixed case
 * must match its EIP-55 checksum, which catches a mistyped character.
 */
export function isValidWalletAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return toChecksumAddress(address) === address;
}

export function toChecksumAddress(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = Buffer.from(keccak_256(new TextEncoder().encode(hex))).toString('hex');
  let result = '0x';
  for (let i = 0; i < hex.length; i += 1) {
    result += Number.parseInt(hash[i] ?? '0', 16) >= 8 ? (hex[i] ?? '').toUpperCase() : hex[i];
  }
  return result;
}
