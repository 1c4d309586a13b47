// The fuse Node.js looks for to know it carries a blob: `<sentinel>:0` in a plain binary, flipped to
// `:1` by the injection (the same string in every Node.js release).

export const SENTINEL_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";

/** The state (`"0"` or `"1"`) of every copy of the fuse in the executable `data`, in file order. */
export function fuseStates(data) {
  const states = [];
  const sentinel = Buffer.from(`${SENTINEL_FUSE}:`);
  for (let at = data.indexOf(sentinel); at !== -1; at = data.indexOf(sentinel, at + 1))
    states.push(String.fromCharCode(data[at + sentinel.length]));
  return states;
}
