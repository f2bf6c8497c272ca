/** FNV-1a over the UTF-16 code units, as a signed 32-bit number: a fast hash for in-memory sets. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash | 0;
}
