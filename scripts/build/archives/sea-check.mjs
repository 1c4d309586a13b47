// What the structural checks of single executables that cannot run where they are built share: the
// fuse Node.js looks for to know it carries a blob (`<sentinel>:0` in a plain binary, flipped to `:1`
// by the injection, the same string in every Node.js release), and the blob where Node.js reads it.

export const SENTINEL_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";

/** The state (`"0"` or `"1"`) of every copy of the fuse in the executable `data`, in file order. */
export function fuseStates(data) {
  const states = [];
  const sentinel = Buffer.from(`${SENTINEL_FUSE}:`);
  for (let at = data.indexOf(sentinel); at !== -1; at = data.indexOf(sentinel, at + 1))
    states.push(String.fromCharCode(data[at + sentinel.length]));
  return states;
}

/** `n` as `0x…`. */
export const hex = (n) => `0x${n.toString(16)}`;

/**
 * Throws unless `found` (an inspected executable: its `blob` where Node.js reads it, its `fuses`)
 * carries exactly `blob` with its fuse flipped; `missing` and `named` word the place in the errors.
 */
export function checkCarried(found, blob, { missing, named }) {
  if (!found.blob) throw new Error(missing);
  if (!found.blob.equals(blob))
    throw new Error(`${named} (${found.blob.length} bytes) is not the blob (${blob.length} bytes)`);
  if (found.fuses.join() !== "1")
    throw new Error(`the SEA fuse reads ${JSON.stringify(found.fuses)}, not ["1"]`);
}
