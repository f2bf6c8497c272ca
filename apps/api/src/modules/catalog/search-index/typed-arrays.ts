/** A copy of the array with room for `capacity` elements (the new ones zero). */
export function grown<T extends Int32Array | Uint32Array | Uint8Array | Uint16Array | Float64Array>(
  array: T,
  capacity: number,
): T {
  const next = new (array.constructor as new (length: number) => T)(capacity);
  next.set(array);
  return next;
}
