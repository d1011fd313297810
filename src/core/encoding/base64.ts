/** Base64 of bytes. btoa exists in browsers and Node ≥ 16; chunks keep String.fromCharCode's argument list small. */
export function base64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}
